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
