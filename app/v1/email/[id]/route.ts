import { route } from "@/lib/api/route";
import { deleteMailboxContract } from "@/lib/contracts/infra-email";
import { deleteMailbox } from "@/lib/infra/email/manage-mailboxes";

export const DELETE = route(deleteMailboxContract, async ({ db, workspace, params }) => {
  await deleteMailbox(db, workspace.id, params.id);
  return { id: params.id, deleted: true as const };
});
