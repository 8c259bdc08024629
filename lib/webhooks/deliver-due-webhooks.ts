import { and, asc, eq, lte, sql } from "drizzle-orm";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "@/db/schema";
import { inTransaction, type Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { sendWebhookRequest, type SendResult } from "./send-webhook-request";
import { signatureHeader } from "./webhook-secret";

/** Delay before attempt n+1 (index n): immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 24 h — 8 attempts over ~41.6 h. */
export const RETRY_DELAYS_MS = [0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 86_400_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length;
/** An endpoint whose every attempt has failed for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 86_400_000;
export const DEFAULT_TIMEOUT_MS = 10_000;
/** A claimed delivery is hidden from other ticks/processes this long past the timeout; a crash mid-send retries after it. */
const LEASE_MARGIN_MS = 30_000;

export interface DeliverOptions {
  timeoutMs?: number;
  /** Endpoints sent to in parallel. */
  concurrency?: number;
  /** Deliveries sent to one endpoint in one tick, in order. */
  perEndpoint?: number;
}

export interface DeliverSummary {
  attempted: number;
  succeeded: number;
  failed: number;
}

/**
 * One worker tick. Ordering rule: an endpoint's deliveries go out strictly in
 * event order — only its oldest pending delivery is ever sent, so a delivery
 * being retried holds back the later ones until it succeeds or exhausts its
 * schedule (then the next one goes out in the same tick). `now` is injectable so tests drive the retry clock.
 */
export async function deliverDueWebhooks(
  db: Db,
  now = new Date(),
  options: DeliverOptions = {},
): Promise<DeliverSummary> {
  const summary: DeliverSummary = { attempted: 0, succeeded: 0, failed: 0 };
  const started = performance.now();
  const endpointIds = [...new Set((await dueHeads(db, now)).map((head) => head.endpointId))];
  const worker = async () => {
    for (let endpointId = endpointIds.shift(); endpointId; endpointId = endpointIds.shift()) {
      for (let sent = 0; sent < (options.perEndpoint ?? 20); sent++) {
        const head = (await dueHeads(db, now, endpointId))[0];
        const elapsedMs = performance.now() - started;
        if (!head || !(await claim(db, head.id, now, elapsedMs, options.timeoutMs ?? DEFAULT_TIMEOUT_MS))) break;
        const ok = await attemptDelivery(db, head.id, now, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
        summary.attempted++;
        summary[ok ? "succeeded" : "failed"]++;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  return summary;
}

/** Each enabled endpoint's oldest pending delivery, if it is due. */
async function dueHeads(db: Db, now: Date, endpointId?: string) {
  return await db
    .select({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        eq(webhookDeliveries.status, "pending"),
        eq(webhookEndpoints.enabled, true),
        lte(webhookDeliveries.nextAttemptAt, now),
        endpointId ? eq(webhookDeliveries.endpointId, endpointId) : undefined,
        eq(
          webhookDeliveries.seq,
          sql`(select min(x.seq) from webhook_deliveries x where x.endpoint_id = ${webhookDeliveries.endpointId} and x.status = 'pending')`,
        ),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.seq))
    .limit(500);
}

/**
 * The lease runs from the claim, not from the tick's start: a tick sending an endpoint's backlog to a slow receiver
 * lasts minutes, and a lease counted from its start would run out while a late delivery is still being sent, letting
 * another instance send it too.
 */
async function claim(db: Db, deliveryId: string, now: Date, elapsedMs: number, timeoutMs: number): Promise<boolean> {
  const lease = new Date(now.getTime() + elapsedMs + timeoutMs + LEASE_MARGIN_MS);
  const result = await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: lease })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.status, "pending"),
        lte(webhookDeliveries.nextAttemptAt, now),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return result.length === 1;
}

async function attemptDelivery(db: Db, deliveryId: string, now: Date, timeoutMs: number): Promise<boolean> {
  const row = (
    await db
      .select({ delivery: webhookDeliveries, event: webhookEvents, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, deliveryId))
      .limit(1)
  )[0]!;
  const { delivery, event, endpoint } = row;
  // The body is identical on every retry: its timestamp is the event's, not the attempt's.
  const body = JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data: event.data });
  const timestamp = Math.floor(now.getTime() / 1000);
  const secrets = [endpoint.secret];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(endpoint.previousSecret);
  }
  const result = await sendWebhookRequest({
    url: endpoint.url,
    body,
    timeoutMs,
    headers: {
      "content-type": "application/json",
      "user-agent": "Bengkel-Webhooks/1.0",
      "webhook-id": event.id,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signatureHeader(secrets, event.id, timestamp, body),
    },
  });
  return await recordAttempt(db, delivery, endpoint, result, now);
}

async function recordAttempt(
  db: Db,
  delivery: typeof webhookDeliveries.$inferSelect,
  endpoint: typeof webhookEndpoints.$inferSelect,
  result: SendResult,
  now: Date,
): Promise<boolean> {
  const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const scheduleAttempts = delivery.scheduleAttempts + 1;
  const gone = result.statusCode === 410;
  const exhausted = scheduleAttempts >= MAX_ATTEMPTS;
  const failingSince = succeeded ? null : (endpoint.failingSince ?? now);
  let disabledReason: string | null = null;
  if (gone) disabledReason = "The endpoint answered 410 Gone; disabled automatically.";
  else if (failingSince && now.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS) {
    disabledReason = `Every delivery attempt has failed since ${failingSince.toISOString()} (5 days); disabled automatically.`;
  }
  await inTransaction(db, async (tx) => {
    await tx.insert(webhookAttempts).values({
      id: newId("webhookAttempt"),
      deliveryId: delivery.id,
      number: delivery.attemptCount + 1,
      startedAt: now,
      durationMs: result.durationMs,
      statusCode: result.statusCode,
      responseSnippet: result.responseSnippet,
      error:
        result.error ??
        (succeeded
          ? null
          : `HTTP ${result.statusCode}${result.statusCode! < 400 ? " (redirects are not followed)" : ""}`),
      succeeded,
    });
    await tx
      .update(webhookDeliveries)
      .set({
        status: succeeded ? "succeeded" : gone || exhausted ? "failed" : "pending",
        scheduleAttempts,
        attemptCount: delivery.attemptCount + 1,
        lastAttemptAt: now,
        nextAttemptAt:
          succeeded || gone || exhausted ? null : new Date(now.getTime() + RETRY_DELAYS_MS[scheduleAttempts]),
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    await tx
      .update(webhookEndpoints)
      .set(disabledReason ? { failingSince, enabled: false, disabledReason, disabledAt: now } : { failingSince })
      .where(eq(webhookEndpoints.id, endpoint.id));
  });
  return succeeded;
}
