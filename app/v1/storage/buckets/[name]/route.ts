import { route } from "@/lib/api/route";
import { deleteBucketContract } from "@/lib/contracts/infra-storage";
import { deleteBucket } from "@/lib/infra/storage/manage-buckets";

export const DELETE = route(deleteBucketContract, async ({ db, workspace, params }) => {
  await deleteBucket(db, workspace.id, params.name);
  return { id: params.name, deleted: true as const };
});
