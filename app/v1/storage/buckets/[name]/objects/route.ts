import { route } from "@/lib/api/route";
import { Page } from "@/lib/api/envelope";
import { listObjects } from "@/lib/contracts/infra-storage";
import { listObjects as list } from "@/lib/infra/storage/manage-objects";

export const GET = route(listObjects, ({ db, workspace, params, query }) => {
  const { items, nextCursor } = list(db, workspace.id, params.name, query);
  return new Page(items, nextCursor);
});
