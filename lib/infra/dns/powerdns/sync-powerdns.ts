import { eq } from "drizzle-orm";
import { dnsZones } from "@/db/schema";
import { withHeldLock, type Db } from "@/lib/db/client";
import type { PowerDnsClient } from "./powerdns-client";
import { PDNS_ACCOUNT, pushZone, type PushOutcome } from "./push-zone";

/**
 * `bengkel dns sync`: makes PowerDNS match the database whatever happened to it (restored from an old backup,
 * edited by hand, a lost outbox): every active zone is pushed whole, and every zone Bengkel once created there
 * (account `bengkel`) that is no longer active here is deleted. Zones an operator added themselves are left alone.
 */
export async function syncPowerDns(db: Db, client: PowerDnsClient): Promise<Record<PushOutcome, string[]>> {
  const active = await db.select({ domain: dnsZones.domain }).from(dnsZones).where(eq(dnsZones.status, "active"));
  const ours = (await client.listZones()).filter((z) => z.account === PDNS_ACCOUNT).map((z) => z.name.slice(0, -1));
  const result: Record<PushOutcome, string[]> = { created: [], updated: [], unchanged: [], deleted: [], absent: [] };
  for (const domain of [...new Set([...active.map((z) => z.domain), ...ours])].sort())
    result[await withHeldLock(db, `dns-push:${domain}`, (held) => pushZone(held, client, domain))].push(domain);
  return result;
}
