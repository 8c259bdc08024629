import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspaces";
import type { SubscribableEventType } from "@/lib/webhooks/event-catalog";

export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description"),
    /** JSON array of subscribed event types. */
    events: text("events", { mode: "json" }).$type<SubscribableEventType[]>().notNull(),
    /**
     * `whsec_…` signing secret, stored as is: unlike an API key it must be
     * recoverable to sign. Returned only at creation and rotation, never logged.
     */
    secret: text("secret").notNull(),
    /** The secret replaced by the last rotation; deliveries are signed with it too until it expires. */
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: integer("previous_secret_expires_at", { mode: "timestamp_ms" }),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    disabledReason: text("disabled_reason"),
    disabledAt: integer("disabled_at", { mode: "timestamp_ms" }),
    /** First failed attempt since the last success; drives the auto-disable rule. */
    failingSince: integer("failing_since", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("webhook_endpoints_workspace_created_idx").on(t.workspaceId, t.createdAt, t.id)],
);
