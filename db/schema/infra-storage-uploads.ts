import { sqliteTable, text, integer } from "drizzle-orm/sqlite-core";
import { storageBuckets } from "./infra-storage";

/** Multipart uploads in progress; their parts are files under DATA_DIR/tmp/multipart/<id>/. */
export const storageUploads = sqliteTable("storage_uploads", {
  id: text("id").primaryKey(),
  bucket: text("bucket")
    .notNull()
    .references(() => storageBuckets.name, { onDelete: "cascade" }),
  workspaceId: text("workspace_id").notNull(),
  key: text("key").notNull(),
  contentType: text("content_type").notNull(),
  metadata: text("metadata").notNull().default("{}"),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});
