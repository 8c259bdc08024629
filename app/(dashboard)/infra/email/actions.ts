"use server";

import { z } from "zod";
import { createMailbox, deleteMailbox, resetMailboxPassword } from "@/lib/infra/email/manage-mailboxes";
import * as api from "@/lib/contracts/infra-email";
import { field, infraAction, optionalInt } from "../infra-manager";

// The API's zod range, worded the same way; lib checks the address and the password.
const quota = z.object({
  quota_mb: z.number({ error: "must be an integer from 10 to 51200." }).int().min(10).max(51_200),
});

export const createMailboxAction = infraAction(
  {
    mirrors: api.createMailboxContract,
    input: quota,
    read: (data) => ({ quota_mb: optionalInt(data, "quota_mb") ?? 1024 }),
    revalidate: "/infra/email",
  },
  async ({ db, workspace, data, input: { quota_mb } }) => ({
    message: (
      await createMailbox(db, workspace.id, {
        address: field(data, "address"),
        password: field(data, "password"),
        quota_mb,
      })
    ).address,
  }),
);

export const resetPasswordAction = infraAction(
  { mirrors: api.resetMailboxPasswordContract, revalidate: "/infra/email" },
  async ({ db, workspace, data }) => ({
    secret: (await resetMailboxPassword(db, workspace.id, field(data, "mailboxId"))).generated,
  }),
);

export const deleteMailboxAction = infraAction(
  { mirrors: api.deleteMailboxContract, revalidate: "/infra/email" },
  async ({ db, workspace, data }) => {
    await deleteMailbox(db, workspace.id, field(data, "mailboxId"));
    return {};
  },
);
