import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspaces";
import type { WebhookEventType } from "@/lib/webhooks/event-catalog";

/** One row per event; its id is the `webhook-id` header, stable across endpoints and retries. */
export const webhookEvents = sqliteTable(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    type: text("type").$type<WebhookEventType>().notNull(),
    data: text("data", { mode: "json" }).$type<unknown>().notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("webhook_events_workspace_created_idx").on(t.workspaceId, t.createdAt)],
);
