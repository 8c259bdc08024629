"use server";

import { createMailbox, deleteMailbox, resetMailboxPassword } from "@/lib/infra/email/manage-mailboxes";
import { asManager, field, optionalInt, type InfraActionState } from "../infra-manager";

export async function createMailboxAction(_prev: InfraActionState, data: FormData): Promise<InfraActionState> {
  const quota = optionalInt(data, "quota_mb") ?? 1024;
  // The API's zod range, worded the same way; lib checks the address and the password.
  if (!Number.isInteger(quota) || quota < 10 || quota > 51_200) return { error: "`quota_mb` must be an integer from 10 to 51200.", param: "quota_mb" };
  return asManager("/infra/email", async ({ db, workspaceId }) => ({
    message: (await createMailbox(db, workspaceId, { address: field(data, "address"), password: field(data, "password"), quota_mb: quota })).address,
  }));
}

export async function resetPasswordAction(_prev: InfraActionState, data: FormData): Promise<InfraActionState> {
  return asManager("/infra/email", async ({ db, workspaceId }) => ({ secret: (await resetMailboxPassword(db, workspaceId, field(data, "mailboxId"))).generated }));
}

export async function deleteMailboxAction(_prev: InfraActionState, data: FormData): Promise<InfraActionState> {
  return asManager("/infra/email", ({ db, workspaceId }) => (deleteMailbox(db, workspaceId, field(data, "mailboxId")), {}));
}
