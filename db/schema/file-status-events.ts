import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { files, FILE_STATUSES } from "./files";

/** Every approval transition: who moved the file from which status to which, when, and why. */
export const fileStatusEvents = sqliteTable(
  "file_status_events",
  {
    id: text("id").primaryKey(),
    fileId: text("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    fromStatus: text("from_status", { enum: FILE_STATUSES }).notNull(),
    toStatus: text("to_status", { enum: FILE_STATUSES }).notNull(),
    /** An API key id or user id. */
    actor: text("actor").notNull(),
    reason: text("reason"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("file_status_events_file_idx").on(t.fileId, t.createdAt)],
);
