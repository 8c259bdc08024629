import { and, count, eq, sql } from "drizzle-orm";
import { dnsRecords, dnsZones } from "@/db/schema";
import { inTransaction, type Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { newId, randomToken } from "@/lib/ids";
import { keyset, keysetPage, newestFirst, type PageQuery } from "@/lib/db/keyset-page";
import { normalizeDomain, resolveRecordName } from "./dns-names";
import { CAA_TAGS, validateRecord, type RecordInput } from "./validate-record";
import { config } from "@/lib/config";
import { queueZonePush } from "./powerdns/queue-zone-push";
import { assertZoneAllowed } from "./zone-policy";

export type ZoneRow = typeof dnsZones.$inferSelect;
export type RecordRow = typeof dnsRecords.$inferSelect;

/** The names this server claims to be; for the local setup they need not resolve anywhere. */
export function nameservers(): string[] {
  return config().DNS_NAMESERVERS;
}

/** The TXT record a pending zone's owner publishes to prove control (docs/dns-hosting.md). */
export const CHALLENGE_LABEL = "_bengkel-challenge";
export const challengeValue = (zone: Pick<ZoneRow, "verificationToken">) =>
  `bengkel-verification=${zone.verificationToken}`;

/**
 * Adds a zone to the workspace: `pending` (served by no one) until verifyZone sees the parent delegate it to our
 * nameservers or the TXT challenge published, or `active` at once when DNS_ZONE_VERIFICATION is off. Other
 * workspaces' claims never block a pending zone and are never named: only one workspace can verify it.
 */
export async function createZone(
  db: Db,
  workspaceId: string,
  input: { domain: string },
  now = new Date(),
): Promise<ZoneRow> {
  const domain = normalizeDomain(input.domain);
  assertZoneAllowed(domain);
  const verify = config().DNS_ZONE_VERIFICATION;
  return await inTransaction(db, async (tx) => {
    const own = (
      await tx
        .select({ id: dnsZones.id })
        .from(dnsZones)
        .where(and(eq(dnsZones.workspaceId, workspaceId), eq(dnsZones.domain, domain)))
        .limit(1)
    )[0];
    if (own)
      throw new DomainError("conflict", `This workspace already has the zone ${domain}.`, {
        param: "domain",
        details: { id: own.id },
      });
    // Without verification every workspace is trusted, so overlapping active zones are simply refused.
    const clash =
      !verify &&
      (
        await tx
          .select({ domain: dnsZones.domain })
          .from(dnsZones)
          .where(
            sql`${dnsZones.status} = 'active' and (cast(${domain} as text) = ${dnsZones.domain} or cast(${domain} as text) like '%.' || ${dnsZones.domain} or ${dnsZones.domain} like '%.' || cast(${domain} as text))`,
          )
          .limit(1)
      )[0];
    if (clash)
      throw new DomainError("conflict", `The zone ${clash.domain} is already hosted here and overlaps ${domain}.`, {
        param: "domain",
      });
    const row: ZoneRow = {
      id: newId("dnsZone"),
      workspaceId,
      domain,
      serial: 1,
      status: verify ? "pending" : "active",
      verificationToken: randomToken(32),
      verifiedAt: verify ? null : now,
      createdAt: now,
    };
    await tx.insert(dnsZones).values(row);
    await queueZonePush(tx, domain, now);
    return row;
  });
}

export async function listZones(db: Db, workspaceId: string, page: PageQuery) {
  const { after, order } = keyset(newestFirst(dnsZones.createdAt, dnsZones.id), page.cursor);
  const rows = await db
    .select()
    .from(dnsZones)
    .where(and(eq(dnsZones.workspaceId, workspaceId), after))
    .orderBy(...order)
    .limit(page.limit + 1);
  return keysetPage(rows, page.limit, (r) => ({ v: r.createdAt, id: r.id }));
}

export async function getZone(db: Db, workspaceId: string, domain: string): Promise<ZoneRow> {
  const zone = (
    await db
      .select()
      .from(dnsZones)
      .where(
        and(eq(dnsZones.workspaceId, workspaceId), eq(dnsZones.domain, domain.trim().toLowerCase().replace(/\.$/, ""))),
      )
      .limit(1)
  )[0];
  if (!zone) throw new DomainError("not_found", `No DNS zone \`${domain}\` in this workspace.`, { param: "domain" });
  return zone;
}

export async function recordCount(db: Db, zoneId: string): Promise<number> {
  return (await db.select({ n: count() }).from(dnsRecords).where(eq(dnsRecords.zoneId, zoneId)).limit(1))[0]?.n ?? 0;
}

export async function listRecords(db: Db, workspaceId: string, domain: string, page: PageQuery) {
  const zone = await getZone(db, workspaceId, domain);
  const { after, order } = keyset(newestFirst(dnsRecords.createdAt, dnsRecords.id), page.cursor);
  const rows = await db
    .select()
    .from(dnsRecords)
    .where(and(eq(dnsRecords.zoneId, zone.id), after))
    .orderBy(...order)
    .limit(page.limit + 1);
  return keysetPage(rows, page.limit, (r) => ({ v: r.createdAt, id: r.id }));
}

export async function createRecord(
  db: Db,
  workspaceId: string,
  domain: string,
  input: RecordInput & { name: string },
  now = new Date(),
): Promise<RecordRow> {
  const zone = await getZone(db, workspaceId, domain);
  const { name, fqdn } = resolveRecordName(input.name, zone.domain);
  const values = validateRecord(input, { zone: zone.domain, name });
  return await inTransaction(db, async (tx) => {
    const atName = await tx
      .select()
      .from(dnsRecords)
      .where(and(eq(dnsRecords.zoneId, zone.id), eq(dnsRecords.fqdn, fqdn)));
    // RFC 1034 §3.6.2: a CNAME owns its name alone.
    if (input.type === "CNAME" ? atName.length > 0 : atName.some((r) => r.type === "CNAME")) {
      throw new DomainError(
        "conflict",
        `\`${name}\` already has ${input.type === "CNAME" ? "records" : "a CNAME"}; a CNAME cannot share its name.`,
        { param: "name" },
      );
    }
    const duplicate = atName.find(
      (r) =>
        r.type === input.type &&
        r.data === values.data &&
        r.priority === values.priority &&
        r.port === values.port &&
        r.weight === values.weight &&
        r.flags === values.flags &&
        r.tag === values.tag,
    );
    if (duplicate)
      throw new DomainError("conflict", `This ${input.type} record already exists.`, { details: { id: duplicate.id } });
    const row: RecordRow = {
      id: newId("dnsRecord"),
      zoneId: zone.id,
      type: input.type,
      name,
      fqdn,
      ...values,
      createdAt: now,
    };
    await tx.insert(dnsRecords).values(row);
    await tx
      .update(dnsZones)
      .set({ serial: sql`${dnsZones.serial} + 1` })
      .where(eq(dnsZones.id, zone.id));
    await queueZonePush(tx, zone.domain, now);
    return row;
  });
}

export async function deleteRecord(
  db: Db,
  workspaceId: string,
  domain: string,
  id: string,
  now = new Date(),
): Promise<void> {
  const zone = await getZone(db, workspaceId, domain);
  await inTransaction(db, async (tx) => {
    const gone = (
      await tx
        .delete(dnsRecords)
        .where(and(eq(dnsRecords.zoneId, zone.id), eq(dnsRecords.id, id)))
        .returning()
    )[0];
    if (!gone) throw new DomainError("not_found", `No record \`${id}\` in ${zone.domain}.`, { param: "id" });
    await tx
      .update(dnsZones)
      .set({ serial: sql`${dnsZones.serial} + 1` })
      .where(eq(dnsZones.id, zone.id));
    await queueZonePush(tx, zone.domain, now);
  });
}

export async function serializeZone(db: Db, zone: ZoneRow) {
  return {
    id: zone.id,
    domain: zone.domain,
    serial: zone.serial,
    status: zone.status,
    nameservers: nameservers(),
    verification: {
      txt_name: `${CHALLENGE_LABEL}.${zone.domain}`,
      txt_value: zone.verificationToken ? challengeValue(zone) : null,
      verified_at: zone.verifiedAt?.toISOString() ?? null,
    },
    record_count: await recordCount(db, zone.id),
    created_at: zone.createdAt.toISOString(),
  };
}

export function serializeRecord(row: RecordRow) {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    fqdn: row.fqdn,
    data: row.data,
    ttl: row.ttl,
    priority: row.priority,
    port: row.port,
    weight: row.weight,
    flags: row.flags,
    tag: row.tag as (typeof CAA_TAGS)[number] | null,
    created_at: row.createdAt.toISOString(),
  };
}
