import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspaces";

/**
 * S3 access key pairs. SigV4 needs the secret itself to recompute a signature, so it is kept encrypted
 * (AES-256-GCM with a key from DATA_DIR), never hashed; the API shows it once.
 */
export const storageCredentials = sqliteTable(
  "storage_credentials",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    accessKeyId: text("access_key_id").notNull().unique(),
    secretCiphertext: text("secret_ciphertext").notNull(),
    /** JSON array of bucket names the pair may use; null for every bucket of the workspace. */
    buckets: text("buckets"),
    readOnly: integer("read_only", { mode: "boolean" }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("storage_credentials_workspace_idx").on(t.workspaceId, t.createdAt)],
);
