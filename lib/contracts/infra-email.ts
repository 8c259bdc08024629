import { z } from "zod";
import { defineOperation } from "@/lib/api/operation";
import { idParams, isoDate } from "./common";
import { deleted, idempotencyNote, infraOp, pageQuery } from "./infra-common";

const common = infraOp("Email");

export const mailboxSchema = z
  .object({
    id: z.string().meta({ example: "mbx_7h9k1m3p5r7t9v1x3z5b7d9f" }),
    address: z.string().meta({ example: "sales@example.com" }),
    quota_mb: z.int(),
    used_bytes: z.int(),
    message_count: z.int(),
    status: z.enum(["active", "suspended"]),
    created_at: isoDate,
    last_login_at: isoDate.nullable().meta({ description: "Last successful SMTP AUTH" }),
  })
  .meta({ id: "EmailAccount" });

const password = z
  .string()
  .meta({ description: "12–128 characters, not a common password; stored as an argon2id hash" });

export const listMailboxesContract = defineOperation({
  ...common,
  operationId: "listEmailAccounts",
  method: "get",
  path: "/v1/email",
  summary: "List e-mail accounts, newest first",
  scope: "infra:read",
  query: pageQuery,
  response: mailboxSchema,
  paginated: true,
  errors: ["invalid_request"],
});

export const createMailboxContract = defineOperation({
  ...common,
  operationId: "createEmailAccount",
  method: "post",
  path: "/v1/email",
  summary: "Create a mailbox; the embedded SMTP server accepts mail for it at once",
  description: `The address's domain must be one of the workspace's DNS zones (or under one). ${idempotencyNote}`,
  idempotent: true,
  scope: "infra:write",
  body: z.object({
    address: z.string().min(3).max(254),
    password,
    quota_mb: z.int().min(10).max(51_200).default(1024),
  }),
  response: mailboxSchema,
  successStatus: 201,
  errors: ["invalid_request", "conflict"],
});

export const deleteMailboxContract = defineOperation({
  ...common,
  operationId: "deleteEmailAccount",
  method: "delete",
  path: "/v1/email/{id}",
  summary: "Delete a mailbox and its stored mail",
  scope: "infra:write",
  params: idParams("E-mail account id"),
  response: deleted,
  errors: ["not_found"],
});

export const resetMailboxPasswordContract = defineOperation({
  ...common,
  operationId: "resetEmailPassword",
  method: "patch",
  path: "/v1/email/{id}/password",
  summary: "Set a new password, or omit it to have one generated (shown only in this response)",
  scope: "infra:write",
  params: idParams("E-mail account id"),
  body: z.object({ password: password.optional() }).strict().optional(),
  response: mailboxSchema.extend({ password: z.string().optional().meta({ description: "Only when generated" }) }),
  errors: ["not_found", "invalid_request"],
});

const counts = {
  received: z.int().meta({ description: "Messages delivered" }),
  bytes: z.int().meta({ description: "Bytes delivered (as stored, trace headers included)" }),
  rejected: z
    .int()
    .meta({ description: "Messages refused: unknown address in the workspace's domains, mailbox full, too big" }),
  rejected_bytes: z.int().meta({
    description: "Size of the refused messages as far as known (declared SIZE, or bytes received before the refusal)",
  }),
};

export const getEmailActivityContract = defineOperation({
  ...common,
  operationId: "getEmailActivity",
  method: "get",
  path: "/v1/email/activity",
  summary: "Messages delivered and refused, with bytes, per UTC day and per mailbox",
  description:
    "Counted when each message is delivered or refused and never rewritten: a deleted mailbox keeps its days, and is listed with `deleted_at`. `accounts` lists every mailbox that existed during the window; `daily[].mailboxes` counts those that existed on that day.",
  scope: "infra:read",
  query: z.object({ days: z.coerce.number().int().min(1).max(365).default(30) }),
  response: z.object({
    from: isoDate,
    to: isoDate,
    days: z.int(),
    totals: z.object({
      ...counts,
      accounts: z.int().meta({ description: "Mailboxes that existed during the window" }),
    }),
    daily: z.array(
      z.object({
        date: z.string(),
        ...counts,
        mailboxes: z.int().meta({ description: "Mailboxes that existed at some time that day" }),
      }),
    ),
    accounts: z.array(
      z.object({
        id: z.string(),
        address: z.string(),
        created_at: isoDate,
        deleted_at: isoDate.nullable(),
        ...counts,
        last_received_at: isoDate.nullable().meta({ description: "Last delivery within the window" }),
        message_count: z.int().nullable().meta({ description: "Now stored; null once deleted" }),
        used_bytes: z.int().nullable(),
        quota_mb: z.int().nullable(),
      }),
    ),
    unknown_recipients: z
      .object({ rejected: z.int(), rejected_bytes: z.int() })
      .meta({ description: "Refusals for addresses in the workspace's domains that no mailbox had" }),
  }),
  errors: ["invalid_request"],
});
