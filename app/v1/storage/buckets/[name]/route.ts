import { route } from "@/lib/api/route";
import { deleteBucket } from "@/lib/contracts/infra-storage";
import { deleteBucket as remove } from "@/lib/infra/storage/manage-buckets";

export const DELETE = route(deleteBucket, ({ db, workspace, params }) => {
  remove(db, workspace.id, params.name);
  return { id: params.name, deleted: true as const };
});
