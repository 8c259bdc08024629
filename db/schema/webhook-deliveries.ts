import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { webhookEndpoints } from "./webhook-endpoints";
import { webhookEvents } from "./webhook-events";

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One event to one endpoint. `seq` orders an endpoint's deliveries in event order. */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    seq: integer("seq").notNull().unique(),
    workspaceId: text("workspace_id").notNull(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    status: text("status", { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default("pending"),
    /** Attempts made in the current schedule (a manual retry starts a new schedule). */
    scheduleAttempts: integer("schedule_attempts").notNull().default(0),
    attemptCount: integer("attempt_count").notNull().default(0),
    /** When the worker may next send it; pushed ahead while an attempt is in flight (a lease). */
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    lastAttemptAt: integer("last_attempt_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("webhook_deliveries_endpoint_status_seq_idx").on(t.endpointId, t.status, t.seq),
    index("webhook_deliveries_endpoint_created_idx").on(t.endpointId, t.createdAt, t.id),
    index("webhook_deliveries_status_due_idx").on(t.status, t.nextAttemptAt),
  ],
);
