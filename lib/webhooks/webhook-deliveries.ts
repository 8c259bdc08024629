import { and, asc, eq, inArray } from "drizzle-orm";
import { webhookAttempts, webhookDeliveries, webhookEvents } from "@/db/schema";
import type { WebhookDeliveryStatus } from "@/db/schema";
import { inTransaction, type Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { findWebhook, type WebhookEndpointRow } from "./manage-webhooks";
import { insertDelivery, insertEvent } from "./enqueue-webhook-event";
import { keyset, keysetPage, newestFirst } from "@/lib/db/keyset-page";

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type AttemptRow = typeof webhookAttempts.$inferSelect;
type EventRow = typeof webhookEvents.$inferSelect;

function serializeDelivery(
  delivery: DeliveryRow,
  event: Pick<EventRow, "id" | "type" | "createdAt">,
  attempts: AttemptRow[],
) {
  return {
    id: delivery.id,
    webhook_id: delivery.endpointId,
    event: { id: event.id, type: event.type, created_at: event.createdAt.toISOString() },
    status: delivery.status,
    attempt_count: delivery.attemptCount,
    next_attempt_at: delivery.status === "pending" ? (delivery.nextAttemptAt?.toISOString() ?? null) : null,
    last_attempt_at: delivery.lastAttemptAt?.toISOString() ?? null,
    created_at: delivery.createdAt.toISOString(),
    attempts: attempts.map((attempt) => ({
      number: attempt.number,
      started_at: attempt.startedAt.toISOString(),
      duration_ms: attempt.durationMs,
      status_code: attempt.statusCode,
      response_snippet: attempt.responseSnippet,
      error: attempt.error,
      succeeded: attempt.succeeded,
    })),
  };
}

export async function listWebhookDeliveries(
  db: Db,
  workspaceId: string,
  webhookId: string,
  query: { limit: number; cursor?: string; status?: WebhookDeliveryStatus },
) {
  const endpoint = await findWebhook(db, workspaceId, webhookId);
  const { after, order } = keyset(newestFirst(webhookDeliveries.createdAt, webhookDeliveries.id), query.cursor);
  const rows = await db
    .select({
      delivery: webhookDeliveries,
      event: { id: webhookEvents.id, type: webhookEvents.type, createdAt: webhookEvents.createdAt },
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpoint.id),
        query.status ? eq(webhookDeliveries.status, query.status) : undefined,
        after,
      ),
    )
    .orderBy(...order)
    .limit(query.limit + 1);
  const { items, nextCursor } = keysetPage(rows, query.limit, (row) => ({
    v: row.delivery.createdAt,
    id: row.delivery.id,
  }));
  const attempts = await attemptsByDelivery(
    db,
    items.map((row) => row.delivery.id),
  );
  return {
    items: items.map((row) => serializeDelivery(row.delivery, row.event, attempts.get(row.delivery.id) ?? [])),
    nextCursor,
  };
}

async function attemptsByDelivery(db: Db, deliveryIds: string[]): Promise<Map<string, AttemptRow[]>> {
  const byDelivery = new Map<string, AttemptRow[]>();
  if (deliveryIds.length === 0) return byDelivery;
  const rows = await db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, deliveryIds))
    .orderBy(asc(webhookAttempts.number));
  for (const row of rows) byDelivery.set(row.deliveryId, [...(byDelivery.get(row.deliveryId) ?? []), row]);
  return byDelivery;
}

async function deliveryWithEvent(db: Db, deliveryId: string) {
  const row = (
    await db
      .select({ delivery: webhookDeliveries, event: webhookEvents })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(eq(webhookDeliveries.id, deliveryId))
      .limit(1)
  )[0]!;
  return serializeDelivery(row.delivery, row.event, (await attemptsByDelivery(db, [deliveryId])).get(deliveryId) ?? []);
}

function assertEnabled(endpoint: WebhookEndpointRow): void {
  if (!endpoint.enabled) {
    throw new DomainError("invalid_state", "This webhook is disabled; enable it (PATCH `enabled: true`) first.", {
      details: { disabled_reason: endpoint.disabledReason },
    });
  }
}

/**
 * Sends a failed delivery again with a fresh retry schedule and the same `webhook-id`. Being older than any
 * pending delivery of the endpoint, it goes out first.
 */
export async function retryWebhookDelivery(db: Db, workspaceId: string, webhookId: string, deliveryId: string) {
  const endpoint = await findWebhook(db, workspaceId, webhookId);
  const delivery = (
    await db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)))
      .limit(1)
  )[0];
  if (!delivery)
    throw new DomainError("not_found", `No delivery ${deliveryId} for this webhook.`, { param: "delivery_id" });
  if (delivery.status !== "failed") {
    throw new DomainError(
      "invalid_state",
      delivery.status === "succeeded" ? "This delivery already succeeded." : "This delivery is already scheduled.",
      { details: { status: delivery.status } },
    );
  }
  assertEnabled(endpoint);
  await db
    .update(webhookDeliveries)
    .set({ status: "pending", scheduleAttempts: 0, nextAttemptAt: new Date() })
    .where(eq(webhookDeliveries.id, delivery.id));
  return await deliveryWithEvent(db, delivery.id);
}

/** Queues a `webhook.test` event for this endpoint only, whatever it subscribes to. */
export async function sendTestWebhook(db: Db, workspaceId: string, webhookId: string) {
  const endpoint = await findWebhook(db, workspaceId, webhookId);
  assertEnabled(endpoint);
  const now = new Date();
  const delivery = await inTransaction(db, async (tx) => {
    const eventId = await insertEvent(
      tx,
      {
        workspaceId,
        type: "webhook.test",
        data: { webhook_id: endpoint.id, message: "This is a test event from Bengkel." },
      },
      now,
    );
    return await insertDelivery(tx, { workspaceId, endpointId: endpoint.id, eventId }, now);
  });
  return await deliveryWithEvent(db, delivery.id);
}
