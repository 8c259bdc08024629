import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspaces";

export const emailAccounts = sqliteTable(
  "email_accounts",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Lower case; unique across workspaces because the SMTP server delivers by address. */
    address: text("address").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    quotaMb: integer("quota_mb").notNull(),
    usedBytes: integer("used_bytes").notNull().default(0),
    messageCount: integer("message_count").notNull().default(0),
    status: text("status", { enum: ["active", "suspended"] })
      .notNull()
      .default("active"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lastLoginAt: integer("last_login_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("email_accounts_workspace_created_idx").on(t.workspaceId, t.createdAt, t.id)],
);

/** One delivered message, for the activity statistics (the message itself lives in the maildir). */
export const emailDeliveries = sqliteTable(
  "email_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountId: text("account_id")
      .notNull()
      .references(() => emailAccounts.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("email_deliveries_workspace_received_idx").on(t.workspaceId, t.receivedAt)],
);
