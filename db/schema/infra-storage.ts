import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspaces";

/** Bucket names are global, as on S3; the objects are files under DATA_DIR/buckets/<name>. */
export const storageBuckets = sqliteTable(
  "storage_buckets",
  {
    name: text("name").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    region: text("region").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("storage_buckets_workspace_name_idx").on(t.workspaceId, t.name)],
);
