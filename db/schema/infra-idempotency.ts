import { sqliteTable, text, integer, uniqueIndex } from "drizzle-orm/sqlite-core";

/** A POST's response kept for 24 h per workspace + Idempotency-Key + path, replayed on a retry. */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    key: text("key").notNull(),
    path: text("path").notNull(),
    /** SHA-256 of the canonical request body: a different body under the same key is refused. */
    requestHash: text("request_hash").notNull(),
    /** null while the first request is still running. */
    status: integer("status"),
    body: text("body"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("idempotency_keys_scope_idx").on(t.workspaceId, t.key, t.path)],
);
