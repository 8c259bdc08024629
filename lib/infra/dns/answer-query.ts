import { and, eq, inArray, sql } from "drizzle-orm";
import * as dnsPacket from "dns-packet";
import { dnsRecords, dnsZones } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { nameservers, type RecordRow, type ZoneRow } from "./manage-dns";

const RCODE = { NOERROR: 0, FORMERR: 1, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 } as const;
const SOA_TIMERS = { refresh: 3600, retry: 600, expire: 604_800, minimum: 300 };

/** The largest DNS message: TCP frames each one with a 16-bit length (RFC 1035 §4.2.2). */
export const MAX_DNS_MESSAGE = 65_535;

/**
 * Builds the authoritative answer to one query straight from the database, so
 * a record answers as soon as it is created and disappears when deleted. The
 * answer never exceeds `maxBytes` (default: the 65,535 bytes any DNS message is
 * limited to): past it, the answer records that do not fit are left out and TC is set.
 */
export function answerQuery(db: Db, query: dnsPacket.DecodedPacket, maxBytes = MAX_DNS_MESSAGE): Buffer {
  const reply = (
    rcode: number,
    sections: Partial<Pick<dnsPacket.Packet, "answers" | "authorities">> = {},
    authoritative = true,
  ) =>
    encodeWithin(
      {
        id: query.id,
        type: "response",
        flags:
          (authoritative ? dnsPacket.AUTHORITATIVE_ANSWER : 0) |
          ((query.flags ?? 0) & dnsPacket.RECURSION_DESIRED) |
          rcode,
        questions: query.questions,
        answers: sections.answers ?? [],
        authorities: sections.authorities ?? [],
      },
      maxBytes,
    );
  const question = query.questions?.[0];
  if ((query as { opcode?: string }).opcode !== "QUERY") return reply(RCODE.NOTIMP, {}, false);
  if (!question || query.questions!.length !== 1) return reply(RCODE.FORMERR, {}, false);

  const name = question.name.toLowerCase().replace(/\.$/, "");
  const zone = findZone(db, name);
  if (!zone) return reply(RCODE.REFUSED, {}, false);
  const soa = soaRecord(zone);

  const atName = db
    .select()
    .from(dnsRecords)
    .where(eq(dnsRecords.fqdn, name))
    .all()
    .filter((r) => r.zoneId === zone.id);
  const apex = name === zone.domain;
  const answers: dnsPacket.Answer[] = [];
  const wants = (type: string) => question.type === type || (question.type as string) === "ANY";
  if (apex && wants("SOA")) answers.push(soa);
  if (apex && wants("NS"))
    answers.push(...nameservers().map((ns) => ({ type: "NS" as const, name: zone.domain, ttl: 3600, data: ns })));
  const cname = atName.find((r) => r.type === "CNAME");
  if (cname && question.type !== "CNAME") answers.push(toAnswer(cname));
  else answers.push(...atName.filter((r) => wants(r.type)).map(toAnswer));
  if (answers.length) return reply(RCODE.NOERROR, { answers });

  // NODATA when the name exists (or has names beneath it), NXDOMAIN otherwise; both carry the SOA for negative caching.
  const exists = apex || atName.length > 0 || hasDescendant(db, zone, name);
  return reply(exists ? RCODE.NOERROR : RCODE.NXDOMAIN, { authorities: [soa] });
}

/**
 * Encodes a response of at most `maxBytes`: when it is larger, keeps the answer
 * records that fit (in order), drops the authority section too if need be, and
 * sets TC (RFC 2181 §9). dns-packet does not compress names, so a packet's
 * length is the sum of its records' lengths and the cut is found without
 * encoding the oversized packet.
 */
export function encodeWithin(packet: dnsPacket.Packet, maxBytes: number): Buffer {
  let size = dnsPacket.encodingLength(packet);
  if (size <= maxBytes) return dnsPacket.encode(packet);
  const answers = packet.answers ?? [];
  let authorities = packet.authorities ?? [];
  size -= dnsPacket.encodingLength({ additionals: packet.additionals }) - HEADER_BYTES; // additionals go first
  let keep = answers.length;
  while (keep > 0 && size > maxBytes) size -= recordLength(answers[--keep]);
  if (size > maxBytes) authorities = [];
  return dnsPacket.encode({
    ...packet,
    flags: (packet.flags ?? 0) | dnsPacket.TRUNCATED_RESPONSE,
    answers: answers.slice(0, keep),
    authorities,
    additionals: [],
  });
}

const HEADER_BYTES = dnsPacket.encodingLength({});
const recordLength = (record: dnsPacket.Answer) => dnsPacket.encodingLength({ answers: [record] }) - HEADER_BYTES;

function findZone(db: Db, name: string): ZoneRow | undefined {
  const labels = name.split(".");
  const candidates = labels.map((_, i) => labels.slice(i).join("."));
  // A pending zone is unproven, so it answers nothing: queries for it are refused like any name not hosted here.
  const zones = db
    .select()
    .from(dnsZones)
    .where(and(inArray(dnsZones.domain, candidates), eq(dnsZones.status, "active")))
    .all();
  return zones.sort((a, b) => b.domain.length - a.domain.length)[0];
}

function hasDescendant(db: Db, zone: ZoneRow, name: string): boolean {
  const escaped = name.replace(/[\\%_]/g, (c) => `\\${c}`);
  const row = db
    .select({ id: dnsRecords.id })
    .from(dnsRecords)
    .where(and(eq(dnsRecords.zoneId, zone.id), sql`${dnsRecords.fqdn} like ${`%.${escaped}`} escape '\\'`))
    .get();
  return row !== undefined;
}

function soaRecord(zone: ZoneRow): dnsPacket.Answer {
  const [mname] = nameservers();
  return {
    type: "SOA",
    name: zone.domain,
    ttl: SOA_TIMERS.minimum,
    data: { mname, rname: `hostmaster.${zone.domain}`, serial: zone.serial, ...SOA_TIMERS },
  };
}

function toAnswer(r: RecordRow): dnsPacket.Answer {
  const base = { name: r.fqdn, ttl: r.ttl };
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
