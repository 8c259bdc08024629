import { and, count, eq, sql } from "drizzle-orm";
import { dnsRecords, dnsZones } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { keyset, keysetPage, newestFirst, type PageQuery } from "@/lib/db/keyset-page";
import { normalizeDomain, resolveRecordName } from "./dns-names";
import { CAA_TAGS, validateRecord, type RecordInput } from "./validate-record";
import { config } from "@/lib/config";

export type ZoneRow = typeof dnsZones.$inferSelect;
export type RecordRow = typeof dnsRecords.$inferSelect;

/** The names this server claims to be; for the local setup they need not resolve anywhere. */
export function nameservers(): string[] {
  return config().DNS_NAMESERVERS;
}

export function createZone(db: Db, workspaceId: string, input: { domain: string }, now = new Date()): ZoneRow {
  const domain = normalizeDomain(input.domain);
  const clash = db
    .select({ domain: dnsZones.domain })
    .from(dnsZones)
    .where(
      sql`${domain} = ${dnsZones.domain} or ${domain} like '%.' || ${dnsZones.domain} or ${dnsZones.domain} like '%.' || ${domain}`,
    )
    .get();
  if (clash)
    throw new DomainError("conflict", `The zone ${clash.domain} is already hosted here and overlaps ${domain}.`, {
      param: "domain",
    });
  const row: ZoneRow = { id: newId("dnsZone"), workspaceId, domain, serial: 1, createdAt: now };
  db.insert(dnsZones).values(row).run();
  return row;
}

export function listZones(db: Db, workspaceId: string, page: PageQuery) {
  const { after, order } = keyset(newestFirst(dnsZones.createdAt, dnsZones.id), page.cursor);
  const rows = db
    .select()
    .from(dnsZones)
    .where(and(eq(dnsZones.workspaceId, workspaceId), after))
    .orderBy(...order)
    .limit(page.limit + 1)
    .all();
  return keysetPage(rows, page.limit, (r) => ({ v: r.createdAt, id: r.id }));
}

export function getZone(db: Db, workspaceId: string, domain: string): ZoneRow {
  const zone = db
    .select()
    .from(dnsZones)
    .where(
      and(eq(dnsZones.workspaceId, workspaceId), eq(dnsZones.domain, domain.trim().toLowerCase().replace(/\.$/, ""))),
    )
    .get();
  if (!zone) throw new DomainError("not_found", `No DNS zone \`${domain}\` in this workspace.`, { param: "domain" });
  return zone;
}

export function recordCount(db: Db, zoneId: string): number {
  return db.select({ n: count() }).from(dnsRecords).where(eq(dnsRecords.zoneId, zoneId)).get()?.n ?? 0;
}

export function listRecords(db: Db, workspaceId: string, domain: string, page: PageQuery) {
  const zone = getZone(db, workspaceId, domain);
  const { after, order } = keyset(newestFirst(dnsRecords.createdAt, dnsRecords.id), page.cursor);
  const rows = db
    .select()
    .from(dnsRecords)
    .where(and(eq(dnsRecords.zoneId, zone.id), after))
    .orderBy(...order)
    .limit(page.limit + 1)
    .all();
  return keysetPage(rows, page.limit, (r) => ({ v: r.createdAt, id: r.id }));
}

export function createRecord(
  db: Db,
  workspaceId: string,
  domain: string,
  input: RecordInput & { name: string },
  now = new Date(),
): RecordRow {
  const zone = getZone(db, workspaceId, domain);
  const { name, fqdn } = resolveRecordName(input.name, zone.domain);
  const values = validateRecord(input, { zone: zone.domain, name });
  return db.transaction((tx) => {
    const atName = tx
      .select()
      .from(dnsRecords)
      .where(and(eq(dnsRecords.zoneId, zone.id), eq(dnsRecords.fqdn, fqdn)))
      .all();
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
    tx.insert(dnsRecords).values(row).run();
    tx.update(dnsZones)
      .set({ serial: sql`${dnsZones.serial} + 1` })
      .where(eq(dnsZones.id, zone.id))
      .run();
    return row;
  });
}

export function deleteRecord(db: Db, workspaceId: string, domain: string, id: string): void {
  const zone = getZone(db, workspaceId, domain);
  const gone = db
    .delete(dnsRecords)
    .where(and(eq(dnsRecords.zoneId, zone.id), eq(dnsRecords.id, id)))
    .returning()
    .get();
  if (!gone) throw new DomainError("not_found", `No record \`${id}\` in ${zone.domain}.`, { param: "id" });
  db.update(dnsZones)
    .set({ serial: sql`${dnsZones.serial} + 1` })
    .where(eq(dnsZones.id, zone.id))
    .run();
}

export function serializeZone(db: Db, zone: ZoneRow) {
  return {
    id: zone.id,
    domain: zone.domain,
    serial: zone.serial,
    nameservers: nameservers(),
    record_count: recordCount(db, zone.id),
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
