import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspaces";
import { users } from "./users";
import type { Scope } from "@/lib/plans/plans";

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** SHA-256 (hex) of the whole secret; the secret itself is never stored. */
    keyHash: text("key_hash").notNull().unique(),
    /** Short fragment shown in lists, e.g. "bk_live_…a1b2". */
    displayHint: text("display_hint").notNull(),
    /** JSON array of scopes; an empty array means every scope. */
    scopes: text("scopes", { mode: "json" }).$type<Scope[]>().notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("api_keys_workspace_idx").on(t.workspaceId)],
);
