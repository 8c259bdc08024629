import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspaces";
import { files } from "./files";
import { fileVersions } from "./file-versions";

/** Public embed links: each grants viewing one file (latest or one pinned version) without signing in. */
export const viewerTokens = sqliteTable(
  "viewer_tokens",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    fileId: text("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    /** Null follows the file's current version; set pins one version. */
    versionId: text("version_id").references(() => fileVersions.id, { onDelete: "cascade" }),
    /** SHA-256 (hex) of the secret in the embed URL; the secret itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    allowDownload: integer("allow_download", { mode: "boolean" }).notNull(),
    /** API key id or user id. */
    createdBy: text("created_by").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("viewer_tokens_file_idx").on(t.workspaceId, t.fileId)],
);
