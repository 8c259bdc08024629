import { sql } from "drizzle-orm";
import { dnsPushes } from "@/db/schema";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";

/**
 * Marks a zone name as changed for PowerDNS, inside the caller's transaction so
 * the change and its outbox row commit together. Several changes before the
 * next push collapse into one row (the pusher sends whole zones); each bumps
 * `generation`, so a change that lands while a push is in flight is pushed again.
 * Nothing is queued on the embedded backend, which reads the database directly.
 */
export async function queueZonePush(tx: Db, domain: string, now = new Date()): Promise<void> {
  if (config().DNS_BACKEND !== "powerdns") return;
  await tx
    .insert(dnsPushes)
    .values({ domain, generation: 1, attempts: 0, dueAt: now, lastError: null, createdAt: now })
    .onConflictDoUpdate({
      target: dnsPushes.domain,
      set: { generation: sql`${dnsPushes.generation} + 1`, attempts: 0, dueAt: now },
    });
}
