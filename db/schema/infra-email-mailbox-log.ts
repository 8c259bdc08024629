import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspaces";

/** Every mailbox a workspace ever had, kept after it is deleted, so its activity still says whose it was. */
export const emailMailboxLog = sqliteTable(
  "email_mailbox_log",
  {
    mailboxId: text("mailbox_id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    lastReceivedAt: integer("last_received_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("email_mailbox_log_workspace_idx").on(t.workspaceId, t.createdAt)],
);
