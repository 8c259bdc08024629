import { and, eq, inArray, ne } from "drizzle-orm";
import { dnsZones } from "@/db/schema";
import { inTransaction, type Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { CHALLENGE_LABEL, challengeValue, getZone, nameservers, type ZoneRow } from "./manage-dns";
import { queueZonePush } from "./powerdns/queue-zone-push";
import { resolverProbe, type ZoneProbe } from "./zone-probe";

/**
 * Proves the workspace controls a pending zone, then serves it. Two proofs, either will do:
 * - the TXT record `_bengkel-challenge.<domain>` = `bengkel-verification=<token>` seen through a resolver (published
 *   at the zone's current DNS host; the token is this workspace's own, so it works whoever else claims the name);
 * - the parent zone's own nameservers delegate the domain to ours, and no other workspace claims the same name
 *   (a delegation says nothing about which claimant is the owner, so several claimants need the TXT record).
 * A zone another workspace holds active moves to this one (theirs goes back to pending) only on the TXT proof,
 * which that zone's current DNS must have published. A subdomain of a zone this workspace already serves needs no
 * proof: the nearest active zone above it is its own. Not verified yet → 409 `invalid_state` with what was seen.
 */
export async function verifyZone(
  db: Db,
  workspaceId: string,
  domain: string,
  probe: ZoneProbe = resolverProbe(),
  now = new Date(),
): Promise<ZoneRow> {
  const zone = await getZone(db, workspaceId, domain);
  if (zone.status === "active") return zone;
  if (await servesParent(db, workspaceId, zone.domain)) return await activate(db, zone, now);
  const txtName = `${CHALLENGE_LABEL}.${zone.domain}`;
  const [txt, delegatedTo] = await Promise.all([probe.txt(txtName), probe.delegation(zone.domain)]);
  const txtFound = txt.includes(challengeValue(zone));
  const ours = nameservers().map((ns) => ns.toLowerCase().replace(/\.$/, ""));
  const delegated = delegatedTo.length > 0 && delegatedTo.every((ns) => ours.includes(ns));
  return await inTransaction(db, async (tx) => {
    const others = await tx
      .select({ id: dnsZones.id })
      .from(dnsZones)
      .where(and(eq(dnsZones.domain, zone.domain), ne(dnsZones.workspaceId, workspaceId)));
    if (!txtFound && !(delegated && others.length === 0)) {
      const why = delegated
        ? "The domain is delegated to our nameservers, but it also needs its TXT record"
        : "Neither the delegation to our nameservers nor the TXT record was found";
      throw new DomainError(
        "invalid_state",
        `${why}: publish TXT ${txtName} "${challengeValue(zone)}" or set the domain's nameservers to ${ours.join(", ")} at its registrar, then verify again.`,
        {
          details: {
            current_status: "pending",
            txt: { name: txtName, expected: challengeValue(zone), found: txt },
            delegation: { expected: ours, found: delegatedTo },
          },
        },
      );
    }
    return await activate(tx, zone, now);
  });
}

/** Serves the zone; whoever held the name active before goes back to pending. */
async function activate(tx: Db, zone: ZoneRow, now: Date): Promise<ZoneRow> {
  await tx
    .update(dnsZones)
    .set({ status: "pending", verifiedAt: null })
    .where(and(eq(dnsZones.domain, zone.domain), eq(dnsZones.status, "active")));
  const verified = (
    await tx.update(dnsZones).set({ status: "active", verifiedAt: now }).where(eq(dnsZones.id, zone.id)).returning()
  )[0]!;
  await queueZonePush(tx, zone.domain, now);
  return verified;
}

/** Whether the nearest active zone above `domain` (the one answering for it today) is this workspace's. */
async function servesParent(db: Db, workspaceId: string, domain: string): Promise<boolean> {
  const labels = domain.split(".");
  const ancestors = labels.slice(1).map((_, i) => labels.slice(i + 1).join("."));
  const nearest = (
    await db
      .select({ domain: dnsZones.domain, workspaceId: dnsZones.workspaceId })
      .from(dnsZones)
      .where(and(inArray(dnsZones.domain, ancestors), eq(dnsZones.status, "active")))
  ).sort((a, b) => b.domain.length - a.domain.length)[0];
  return nearest?.workspaceId === workspaceId;
}

/** Deletes a zone and its records; it stops answering at once (embedded) or at the next push (PowerDNS). */
export async function deleteZone(db: Db, workspaceId: string, domain: string, now = new Date()): Promise<ZoneRow> {
  const zone = await getZone(db, workspaceId, domain);
  await inTransaction(db, async (tx) => {
    await tx.delete(dnsZones).where(eq(dnsZones.id, zone.id));
    await queueZonePush(tx, zone.domain, now);
  });
  return zone;
}
