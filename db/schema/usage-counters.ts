import { sqliteTable, text, integer, primaryKey } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspaces";

/**
 * One row per workspace per limiter window ("quote:2026-11-22" for the daily
 * quota, "infra:<epoch minute>" for the per-minute rate limit). Incremented
 * with a single conditional UPSERT so concurrent requests never overshoot.
 */
export const usageCounters = sqliteTable(
  "usage_counters",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    window: text("window").notNull(),
    count: integer("count").notNull(),
    /** Requests refused in this window (for the usage page). */
    rejected: integer("rejected").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.window] })],
);
