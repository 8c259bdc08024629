import { sqliteTable, text, integer, primaryKey } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspaces";

/**
 * Mail counted per UTC day and mailbox when it happens, and never rewritten: deleting a mailbox leaves its
 * days as they were. `mailbox_id` is not a foreign key for that reason; "" holds rejections for addresses
 * with no mailbox (unknown recipients in the workspace's domains).
 */
export const emailActivityDays = sqliteTable(
  "email_activity_days",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** YYYY-MM-DD, UTC. */
    day: text("day").notNull(),
    mailboxId: text("mailbox_id").notNull(),
    delivered: integer("delivered").notNull().default(0),
    deliveredBytes: integer("delivered_bytes").notNull().default(0),
    rejected: integer("rejected").notNull().default(0),
    rejectedBytes: integer("rejected_bytes").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day, t.mailboxId] })],
);
