import { route } from "@/lib/api/route";
import { Page } from "@/lib/api/envelope";
import { listObjectsContract } from "@/lib/contracts/infra-storage";
import { listObjects } from "@/lib/infra/storage/manage-objects";

export const GET = route(listObjectsContract, async ({ db, workspace, params, query }) => {
  const { items, nextCursor } = await listObjects(db, workspace.id, params.name, query);
  return new Page(items, nextCursor);
});
