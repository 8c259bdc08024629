import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";

/**
 * Password guessing state (lib/auth/login-throttle.ts), shared by every instance: per key (an account's
 * e-mail, a client address), the times of its failures still inside the window.
 */
export const loginFailures = sqliteTable(
  "login_failures",
  {
    /** `account:<e-mail>` or `address:<IPv4 or IPv6 /64>`, at most 264 characters. */
    key: text("key").primaryKey(),
    /** JSON array of epoch milliseconds, oldest first, at most the throttle's `maxFailures`. */
    times: text("times").notNull(),
    /** When the newest failure leaves the window: the row is dead after it (pruned). */
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("login_failures_expires_idx").on(t.expiresAt)],
);
