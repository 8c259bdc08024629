import { and, eq, inArray, sql } from "drizzle-orm";
import type * as dnsPacket from "dns-packet";
import { dnsRecords, dnsZones } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { nameservers, type RecordRow, type ZoneRow } from "./manage-dns";

export const RCODE = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 } as const;
const SOA_TIMERS = { refresh: 3600, retry: 600, expire: 604_800, minimum: 300 };
/** More CNAMEs in a row than any sane zone has; a loop stops here too. */
const MAX_CHAIN = 8;

export interface Resolution {
  rcode: number;
  authoritative: boolean;
  answers: dnsPacket.Answer[];
  authorities: dnsPacket.Answer[];
  additionals: dnsPacket.Answer[];
  /** The additional records are a referral's glue. */
  glue: boolean;
}

/**
 * The authoritative half of RFC 1034 §4.3.2 for one hosted zone, straight from
 * the database: delegations below the apex become referrals (no AA, the NS in
 * authority, their in-zone addresses as glue); a CNAME is followed while its
 * target stays in the zone; a name that does not exist is answered from the
 * wildcard at its closest encloser (RFC 4592), else NXDOMAIN with the SOA;
 * MX, SRV and NS targets in the zone come with their addresses. Null when
 * the name is in no zone hosted here.
 */
export async function resolveAnswer(db: Db, qname: string, qtype: string): Promise<Resolution | null> {
  let name = qname.toLowerCase().replace(/\.$/, "");
  const zone = await findZone(db, name);
  if (!zone) return null;
  const soa = soaRecord(zone);
  const done = (rcode: number, more: Partial<Resolution> = {}): Resolution => ({
    rcode,
    authoritative: true,
    answers,
    authorities: [],
    additionals: [],
    glue: false,
    ...more,
  });
  const answers: dnsPacket.Answer[] = [];
  const seen = new Set<string>();
  // The first owner keeps the asker's spelling, so an answer echoes a 0x20-mixed-case question.
  let owner = qname.replace(/\.$/, "");

  for (;;) {
    seen.add(name);
    const view = await loadNames(db, zone, name);
    const cut = findCut(zone, name, view);
    if (cut && !(cut === name && qtype === "DS")) {
      // DS lives in the parent, so only that one question at the cut is answered here.
      const ns = view.get(cut)!.filter((r) => r.type === "NS");
      return done(RCODE.NOERROR, {
        authoritative: answers.length > 0,
        authorities: ns.map((r) => toAnswer(r)),
        additionals: await addressesOf(
          db,
          zone,
          ns.map((r) => r.data),
        ),
        glue: true,
      });
    }

    let here = view.get(name) ?? [];
    if (here.length === 0 && name !== zone.domain && !(await hasDescendant(db, zone, name))) {
      const wildcard = await wildcardFor(db, zone, name, view);
      if (!wildcard) return done(RCODE.NXDOMAIN, { authorities: [soa] });
      here = wildcard;
    }

    const cname = here.find((r) => r.type === "CNAME");
    if (cname && qtype !== "CNAME") {
      answers.push(toAnswer(cname, owner));
      const target = cname.data.replace(/\.$/, "");
      const inZone = target === zone.domain || target.endsWith(`.${zone.domain}`);
      if (qtype === "ANY" || !inZone || seen.has(target) || seen.size >= MAX_CHAIN) return done(RCODE.NOERROR);
      name = owner = target;
      continue;
    }

    const wants = (type: string) => qtype === type || qtype === "ANY";
    const found: dnsPacket.Answer[] = [];
    if (name === zone.domain && wants("SOA")) found.push({ ...soa, name: owner });
    if (name === zone.domain && wants("NS"))
      found.push(...nameservers().map((ns) => ({ type: "NS" as const, name: owner, ttl: 3600, data: ns })));
    found.push(...here.filter((r) => wants(r.type)).map((r) => toAnswer(r, owner)));
    if (found.length === 0) return done(RCODE.NOERROR, { authorities: [soa] }); // NODATA
    answers.push(...found);
    return done(RCODE.NOERROR, { additionals: await addressesOf(db, zone, targetsOf(found)) });
  }
}

async function findZone(db: Db, name: string): Promise<ZoneRow | undefined> {
  // A pending zone is unproven, so it answers nothing: queries for it are refused like any name not hosted here.
  const zones = await db
    .select()
    .from(dnsZones)
    .where(and(inArray(dnsZones.domain, ancestors(name)), eq(dnsZones.status, "active")));
  return zones.sort((a, b) => b.domain.length - a.domain.length)[0];
}

/** `name` and each name above it, longest first. */
function ancestors(name: string): string[] {
  const labels = name.split(".");
  return labels.map((_, i) => labels.slice(i).join("."));
}

/** The records at `name`, at every name between it and the apex, and at those names' wildcards, by owner. */
async function loadNames(db: Db, zone: ZoneRow, name: string): Promise<Map<string, RecordRow[]>> {
  const chain = ancestors(name).filter((n) => n === zone.domain || n.endsWith(`.${zone.domain}`));
  const rows = await db
    .select()
    .from(dnsRecords)
    .where(and(eq(dnsRecords.zoneId, zone.id), inArray(dnsRecords.fqdn, [...chain, ...chain.map((n) => `*.${n}`)])));
  const byName = new Map<string, RecordRow[]>();
  for (const row of rows) {
    const list = byName.get(row.fqdn);
    if (list) list.push(row);
    else byName.set(row.fqdn, [row]);
  }
  return byName;
}

/** The highest name below the apex, on the way down to `name`, that has NS records: a zone cut. */
function findCut(zone: ZoneRow, name: string, view: Map<string, RecordRow[]>): string | undefined {
  const below = ancestors(name).filter((n) => n.endsWith(`.${zone.domain}`));
  return below.reverse().find((n) => view.get(n)?.some((r) => r.type === "NS"));
}

/**
 * RFC 4592 §3.3.1: the records of `*.<closest encloser>`, where the closest
 * encloser is the longest existing name above `name` (empty non-terminals
 * exist too); undefined when that wildcard does not exist.
 */
async function wildcardFor(
  db: Db,
  zone: ZoneRow,
  name: string,
  view: Map<string, RecordRow[]>,
): Promise<RecordRow[] | undefined> {
  const above = ancestors(name).slice(1);
  let encloser = zone.domain;
  for (const n of above) {
    if (n === zone.domain || view.has(n) || (await hasDescendant(db, zone, n))) {
      encloser = n;
      break;
    }
  }
  const records = view.get(`*.${encloser}`);
  return records?.length ? records : undefined;
}

async function hasDescendant(db: Db, zone: ZoneRow, name: string): Promise<boolean> {
  const escaped = name.replace(/[\\%_]/g, (c) => `\\${c}`);
  const row = (
    await db
      .select({ id: dnsRecords.id })
      .from(dnsRecords)
      .where(and(eq(dnsRecords.zoneId, zone.id), sql`${dnsRecords.fqdn} like ${`%.${escaped}`} escape '\\'`))
      .limit(1)
  )[0];
  return row !== undefined;
}

/** The host names of MX, SRV and NS answers, whose addresses a resolver will ask for next. */
function targetsOf(answers: dnsPacket.Answer[]): string[] {
  return answers.flatMap((a) => {
    if (a.type === "MX") return [a.data.exchange];
    if (a.type === "SRV") return [a.data.target];
    if (a.type === "NS") return [a.data];
    return [];
  });
}

/**
 * The A and AAAA records of those of `hosts` in this zone, including glue below
 * a cut (in-domain and sibling glue, RFC 9471); other zones' are left to the resolver.
 */
async function addressesOf(db: Db, zone: ZoneRow, hosts: string[]): Promise<dnsPacket.Answer[]> {
  const inZone = (h: string) => h === zone.domain || h.endsWith(`.${zone.domain}`);
  const names = [...new Set(hosts.map((h) => h.toLowerCase().replace(/\.$/, "")).filter(inZone))];
  if (names.length === 0) return [];
  return (
    await db
      .select()
      .from(dnsRecords)
      .where(
        and(eq(dnsRecords.zoneId, zone.id), inArray(dnsRecords.fqdn, names), inArray(dnsRecords.type, ["A", "AAAA"])),
      )
  ).map((r) => toAnswer(r));
}

export function soaRecord(zone: ZoneRow): dnsPacket.Answer {
  const [mname] = nameservers();
  return {
    type: "SOA",
    name: zone.domain,
    // RFC 2308 §3: a negative answer is cached for the lesser of the SOA's TTL and MINIMUM; both are this.
    ttl: SOA_TIMERS.minimum,
    data: { mname, rname: `hostmaster.${zone.domain}`, serial: zone.serial, ...SOA_TIMERS },
  };
}

function toAnswer(r: RecordRow, owner = r.fqdn): dnsPacket.Answer {
  const base = { name: owner, ttl: r.ttl };
  switch (r.type) {
    case "MX":
      return { ...base, type: "MX", data: { preference: r.priority!, exchange: r.data } };
    case "SRV":
      return {
        ...base,
        type: "SRV",
        data: { priority: r.priority!, weight: r.weight!, port: r.port!, target: r.data === "." ? "" : r.data },
      };
    case "CAA":
      return { ...base, type: "CAA", data: { flags: r.flags ?? 0, tag: r.tag as "issue", value: r.data } };
    case "TXT":
      // One character-string holds at most 255 bytes (RFC 1035 §3.3.14).
      return { ...base, type: "TXT", data: r.data.match(/[\s\S]{1,255}/g)!.map((s) => Buffer.from(s)) };
    default:
      return { ...base, type: r.type, data: r.data };
  }
}
