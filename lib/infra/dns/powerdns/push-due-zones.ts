import { and, asc, eq, lte } from "drizzle-orm";
import { dnsPushes } from "@/db/schema";
import { withHeldLock, type Db } from "@/lib/db/client";
import { logError } from "@/lib/log";
import type { PowerDnsClient } from "./powerdns-client";
import { pushZone } from "./push-zone";

/** Wait before retry n (index n-1): 1 s, 5 s, 30 s, 2 min, then every 10 min until PowerDNS answers again. */
export const RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000, 600_000];

export interface PushSummary {
  pushed: number;
  failed: number;
}

/**
 * One pusher tick: pushes every due zone of the outbox. A row is removed only if no change re-armed it during the
 * push (its generation is unchanged); a failure keeps it, counts the attempt and schedules the retry, so nothing is
 * lost while PowerDNS is down or restarting. Never gives up: PowerDNS must end up matching the database.
 */
export async function pushDueZones(db: Db, client: PowerDnsClient, now = new Date(), limit = 50) {
  const summary: PushSummary = { pushed: 0, failed: 0 };
  const due = await db
    .select()
    .from(dnsPushes)
    .where(lte(dnsPushes.dueAt, now))
    .orderBy(asc(dnsPushes.dueAt))
    .limit(limit);
  for (const row of due) {
    try {
      // One push of a zone at a time across instances: each reads the zone after the previous one landed, so
      // the last push to land is never older than the last change.
      await withHeldLock(db, `dns-push:${row.domain}`, async (held) => {
        await pushZone(held, client, row.domain);
        await held
          .delete(dnsPushes)
          .where(and(eq(dnsPushes.domain, row.domain), eq(dnsPushes.generation, row.generation)));
      });
      summary.pushed++;
    } catch (error) {
      const attempts = row.attempts + 1;
      const delay = RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1];
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(dnsPushes)
        .set({ attempts, dueAt: new Date(now.getTime() + delay), lastError: message.slice(0, 500) })
        .where(and(eq(dnsPushes.domain, row.domain), eq(dnsPushes.generation, row.generation)));
      logError(`powerdns push of ${row.domain} failed (attempt ${attempts})`, { error: message });
      summary.failed++;
    }
  }
  return summary;
}
