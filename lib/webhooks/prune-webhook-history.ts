import { and, lt, ne, notExists, eq } from "drizzle-orm";
import { webhookDeliveries, webhookEvents } from "@/db/schema";
import { inTransaction, type Db } from "@/lib/db/client";

/** Days a finished delivery (succeeded or failed), its attempts and its event are kept for the deliveries log. */
export const DEFAULT_WEBHOOK_RETENTION_DAYS = 30;

/**
 * Deletes finished deliveries created before the retention window (their attempts
 * go with them, by cascade), then events no delivery refers to any more. Pending
 * deliveries are never deleted, however old: they are still owed to an endpoint.
 */
export async function pruneWebhookHistory(
  db: Db,
  now = new Date(),
  retentionDays = DEFAULT_WEBHOOK_RETENTION_DAYS,
): Promise<{ deliveries: number; events: number }> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  return await inTransaction(db, async (tx) => {
    const deliveries = (
      await tx
        .delete(webhookDeliveries)
        .where(and(ne(webhookDeliveries.status, "pending"), lt(webhookDeliveries.createdAt, cutoff)))
        .returning({ id: webhookDeliveries.id })
    ).length;
    const events = (
      await tx
        .delete(webhookEvents)
        .where(
          and(
            lt(webhookEvents.createdAt, cutoff),
            notExists(
              tx
                .select({ id: webhookDeliveries.id })
                .from(webhookDeliveries)
                .where(eq(webhookDeliveries.eventId, webhookEvents.id)),
            ),
          ),
        )
        .returning({ id: webhookEvents.id })
    ).length;
    return { deliveries, events };
  });
}
