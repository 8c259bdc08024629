import { route } from "@/lib/api/route";
import { deleteRecord } from "@/lib/contracts/infra-dns";
import { deleteRecord as remove } from "@/lib/infra/dns/manage-dns";

export const DELETE = route(deleteRecord, ({ db, workspace, params }) => {
  remove(db, workspace.id, params.domain, params.id);
  return { id: params.id, deleted: true as const };
});
