import { sqliteTable, text, integer, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspaces";
import { fileVersions } from "./file-versions";

/**
 * Computed quotes, reused for 24 h. The key holds everything the answer depends
 * on (file version, process, canonical parameters, catalogue version), so a new
 * version or a new catalogue simply misses.
 */
export const quoteCache = sqliteTable(
  "quote_cache",
  {
    /** qt_…, also the `id` in the payload. */
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    fileId: text("file_id").notNull(),
    versionId: text("version_id")
      .notNull()
      .references(() => fileVersions.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["print_3d", "laser"] }).notNull(),
    /** Canonical JSON of the request parameters and machine limits. */
    params: text("params").notNull(),
    catalogVersion: integer("catalog_version").notNull(),
    /** The response data as sent the first time (with `cached: false`), as JSON text. */
    payload: text("payload").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("quote_cache_key_idx").on(t.versionId, t.kind, t.params, t.catalogVersion),
    index("quote_cache_expires_idx").on(t.expiresAt),
  ],
);
