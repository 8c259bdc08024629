import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspaces";

/**
 * Submitted mail for other domains, waiting for (or done with) the smarthost. The message itself is a file
 * under DATA_DIR/outbound/ (up to 25 MB, not a row), removed once it is sent or given up.
 */
export const emailOutbound = sqliteTable(
  "email_outbound",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The sending mailbox; not a foreign key, so mail already accepted still leaves if it is deleted. */
    mailboxId: text("mailbox_id").notNull(),
    mailFrom: text("mail_from").notNull(),
    /** JSON array of the remote recipients. */
    rcptTo: text("rcpt_to").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    lastError: text("last_error"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("email_outbound_due_idx").on(t.status, t.nextAttemptAt)],
);
