import { and, eq, sql } from "drizzle-orm";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "@/db/schema";
import { lockFor, type Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import type { WebhookEventType } from "./event-catalog";

export interface WebhookEventInput {
  workspaceId: string;
  type: WebhookEventType;
  data: unknown;
}

/**
 * The outbox write: records the event and one pending delivery per enabled
 * endpoint of the workspace subscribed to its type, in the caller's
 * transaction, so an event exists if and only if the change that caused it
 * was committed. The worker sends it. Returns the event id.
 */
export async function enqueueWebhookEvent(tx: Db, input: WebhookEventInput, now = new Date()): Promise<string> {
  const eventId = await insertEvent(tx, input, now);
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, input.workspaceId), eq(webhookEndpoints.enabled, true)));
  for (const endpoint of endpoints) {
    if ((endpoint.events as string[]).includes(input.type))
      await insertDelivery(tx, { workspaceId: input.workspaceId, endpointId: endpoint.id, eventId }, now);
  }
  return eventId;
}

export async function insertEvent(tx: Db, input: WebhookEventInput, now: Date): Promise<string> {
  const id = newId("webhookEvent");
  await tx
    .insert(webhookEvents)
    .values({ id, workspaceId: input.workspaceId, type: input.type, data: input.data ?? null, createdAt: now });
  return id;
}

export async function insertDelivery(
  tx: Db,
  input: { workspaceId: string; endpointId: string; eventId: string },
  now: Date,
) {
  // max+1 is a gap-tolerant, strictly increasing event order while writers take turns: SQLite serialises them;
  // on PostgreSQL this lock does.
  await lockFor(tx, "webhook-delivery-seq");
  return (
    await tx
      .insert(webhookDeliveries)
      .values({
        id: newId("webhookDelivery"),
        seq: sql`(select coalesce(max(seq), 0) + 1 from webhook_deliveries)`,
        ...input,
        nextAttemptAt: now,
        createdAt: now,
      })
      .returning()
  )[0];
}
