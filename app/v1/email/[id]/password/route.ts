import { route } from "@/lib/api/route";
import { resetMailboxPassword } from "@/lib/contracts/infra-email";
import { resetMailboxPassword as reset, serializeMailbox } from "@/lib/infra/email/manage-mailboxes";

export const PATCH = route(resetMailboxPassword, async ({ db, workspace, params, body }) => {
  const { mailbox, generated } = await reset(db, workspace.id, params.id, body?.password);
  return { ...serializeMailbox(mailbox), ...(generated ? { password: generated } : {}) };
});
