import { route } from "@/lib/api/route";
import { deleteMailbox } from "@/lib/contracts/infra-email";
import { deleteMailbox as remove } from "@/lib/infra/email/manage-mailboxes";

export const DELETE = route(deleteMailbox, ({ db, workspace, params }) => {
  remove(db, workspace.id, params.id);
  return { id: params.id, deleted: true as const };
});
