import { route } from "@/lib/api/route";
import { resetMailboxPasswordContract } from "@/lib/contracts/infra-email";
import { resetMailboxPassword, serializeMailbox } from "@/lib/infra/email/manage-mailboxes";

export const PATCH = route(resetMailboxPasswordContract, async ({ db, workspace, params, body }) => {
  const { mailbox, generated } = await resetMailboxPassword(db, workspace.id, params.id, body?.password);
  return { ...serializeMailbox(mailbox), ...(generated ? { password: generated } : {}) };
});
