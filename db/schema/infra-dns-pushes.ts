import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";

/**
 * The PowerDNS outbox (DNS_BACKEND=powerdns): one row per zone name whose
 * state PowerDNS has not yet confirmed. A change writes (or re-arms) the row in
 * the same transaction; the pusher sends the zone's whole current state and
 * deletes the row on success, so a PowerDNS outage or a restart loses nothing.
 */
export const dnsPushes = sqliteTable(
  "dns_pushes",
  {
    domain: text("domain").primaryKey(),
    /** Bumped by every change; the pusher deletes the row only if no change came in while it pushed. */
    generation: integer("generation").notNull(),
    attempts: integer("attempts").notNull(),
    dueAt: integer("due_at", { mode: "timestamp_ms" }).notNull(),
    lastError: text("last_error"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("dns_pushes_due_idx").on(t.dueAt)],
);
