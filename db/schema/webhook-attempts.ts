import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { webhookDeliveries } from "./webhook-deliveries";

export const webhookAttempts = sqliteTable(
  "webhook_attempts",
  {
    id: text("id").primaryKey(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    /** Null when no HTTP response arrived (refused, timed out, blocked address). */
    statusCode: integer("status_code"),
    /** First 1 KB of the response body. */
    responseSnippet: text("response_snippet"),
    error: text("error"),
    succeeded: integer("succeeded", { mode: "boolean" }).notNull(),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.number)],
);
