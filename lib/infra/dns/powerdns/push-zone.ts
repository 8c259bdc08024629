import { and, eq } from "drizzle-orm";
import { dnsRecords, dnsZones } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { nameservers } from "../manage-dns";
import type { PowerDnsClient } from "./powerdns-client";
import { desiredRrsets, rrsetChanges, soaRrset } from "./zone-rrsets";

/** PowerDNS zones Bengkel made carry this account, so a sync never touches zones an operator added by hand. */
export const PDNS_ACCOUNT = "bengkel";

export type PushOutcome = "created" | "updated" | "unchanged" | "deleted" | "absent";

/**
 * Makes PowerDNS serve `domain` exactly as the database says: the active zone's records (created with our SOA
 * and SOA-EDIT-API=DEFAULT, so PowerDNS raises the serial on every change), or nothing when no workspace holds it
 * active (pending, deleted). Whole-zone and idempotent, so a retry after any failure is safe.
 */
export async function pushZone(db: Db, client: PowerDnsClient, domain: string): Promise<PushOutcome> {
  const zone = (
    await db
      .select()
      .from(dnsZones)
      .where(and(eq(dnsZones.domain, domain), eq(dnsZones.status, "active")))
      .limit(1)
  )[0];
  const name = `${domain}.`;
  const current = await client.getZone(name);
  if (!zone) {
    if (!current) return "absent";
    if (current.account !== PDNS_ACCOUNT) return "unchanged"; // an operator's own zone: not ours to remove
    await client.deleteZone(name);
    await client.flushCache(name);
    return "deleted";
  }
  const records = await db.select().from(dnsRecords).where(eq(dnsRecords.zoneId, zone.id));
  const desired = desiredRrsets(zone, records, nameservers());
  if (!current) {
    await client.createZone({
      name,
      kind: "Native",
      account: PDNS_ACCOUNT,
      soa_edit_api: "DEFAULT",
      rrsets: [soaRrset(zone, nameservers()), ...desired],
    });
    await client.flushCache(name);
    return "created";
  }
  const changes = rrsetChanges(current.rrsets, desired);
  if (!changes.length) return "unchanged";
  await client.patchRrsets(name, changes);
  return "updated";
}
