import { route } from "@/lib/api/route";
import { deleteRecordContract } from "@/lib/contracts/infra-dns";
import { deleteRecord } from "@/lib/infra/dns/manage-dns";

export const DELETE = route(deleteRecordContract, async ({ db, workspace, params }) => {
  await deleteRecord(db, workspace.id, params.domain, params.id);
  return { id: params.id, deleted: true as const };
});
