import { sqliteTable, text, integer, uniqueIndex } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspaces";
import type { PriceCatalog } from "@/lib/pricing/catalog";

/**
 * One price catalogue per workspace, append-only: publishing writes version n+1,
 * so every quote can name the exact prices it used (`catalog_version`).
 */
export const priceCatalogs = sqliteTable(
  "price_catalogs",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    /** Validated by `catalogSchema` before it is written. */
    catalog: text("catalog", { mode: "json" }).$type<PriceCatalog>().notNull(),
    /** A user id, API key id, "cli" or "system" (the lazily seeded version 1). */
    createdBy: text("created_by").notNull(),
    note: text("note"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("price_catalogs_workspace_version_idx").on(t.workspaceId, t.version)],
);
