import type { RecordRow, ZoneRow } from "../manage-dns";
import type { PdnsRrset } from "./powerdns-client";

/** The embedded server's SOA timers, so both engines give the same negative-caching answers (RFC 2308). */
export const SOA_TIMERS = { refresh: 3600, retry: 600, expire: 604_800, minimum: 300 };
export const NS_TTL = 3600;

const absolute = (name: string) => `${name.replace(/\.$/, "")}.`;

/** A TXT or CAA value as one or more quoted character-strings, `"` and `\` escaped (RFC 1035 §5.1). */
const quoted = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/** One record in PowerDNS's presentation format: absolute names end in "." */
export function recordContent(r: RecordRow): string {
  switch (r.type) {
    case "CNAME":
    case "NS":
      return absolute(r.data);
    case "MX":
      return `${r.priority} ${absolute(r.data)}`;
    case "SRV":
      return `${r.priority} ${r.weight} ${r.port} ${r.data === "." ? "." : absolute(r.data)}`;
    case "TXT":
      // One character-string holds at most 255 bytes (RFC 1035 §3.3.14); the embedded server splits the same way.
      return r.data
        .match(/[\s\S]{1,255}/g)!
        .map(quoted)
        .join(" ");
    case "CAA":
      return `${r.flags ?? 0} ${r.tag} ${quoted(r.data)}`;
    default:
      return r.data;
  }
}

/** The SOA a new zone starts with; afterwards PowerDNS raises its serial itself (SOA-EDIT-API). */
export function soaRrset(zone: ZoneRow, nameservers: string[]): PdnsRrset {
  const { refresh, retry, expire, minimum } = SOA_TIMERS;
  const content = `${absolute(nameservers[0])} ${absolute(`hostmaster.${zone.domain}`)} ${zone.serial} ${refresh} ${retry} ${expire} ${minimum}`;
  return { name: absolute(zone.domain), type: "SOA", ttl: minimum, records: [{ content, disabled: false }] };
}

/**
 * Every RRset but the SOA, as the zone should be served: the records grouped by name and type, plus our
 * nameservers at the apex. PowerDNS keeps one TTL per RRset, so records sharing one get the smallest of theirs.
 */
export function desiredRrsets(zone: ZoneRow, records: RecordRow[], nameservers: string[]): PdnsRrset[] {
  const sets = new Map<string, PdnsRrset>();
  const add = (name: string, type: string, ttl: number, content: string) => {
    const key = `${absolute(name)} ${type}`;
    const set = sets.get(key) ?? { name: absolute(name), type, ttl, records: [] };
    set.ttl = Math.min(set.ttl, ttl);
    if (!set.records.some((r) => r.content === content)) set.records.push({ content, disabled: false });
    sets.set(key, set);
  };
  for (const ns of nameservers) add(zone.domain, "NS", NS_TTL, absolute(ns));
  for (const r of records) add(r.fqdn, r.type, r.ttl, recordContent(r));
  return [...sets.values()];
}

const canonical = (set: PdnsRrset) =>
  JSON.stringify([
    set.ttl,
    set.records
      .filter((r) => !r.disabled)
      .map((r) => r.content)
      .sort(),
  ]);

/** The PATCH that turns `current` into `desired`: REPLACE what differs, DELETE what should not be there; SOA untouched. */
export function rrsetChanges(current: PdnsRrset[], desired: PdnsRrset[]) {
  const key = (s: PdnsRrset) => `${s.name.toLowerCase()} ${s.type}`;
  const have = new Map(current.filter((s) => s.type !== "SOA").map((s) => [key(s), s]));
  const changes: (PdnsRrset & { changetype: "REPLACE" | "DELETE" })[] = [];
  for (const set of desired) {
    const now = have.get(key(set));
    have.delete(key(set));
    if (!now || canonical(now) !== canonical(set)) changes.push({ ...set, changetype: "REPLACE" });
  }
  for (const stale of have.values()) changes.push({ ...stale, records: [], changetype: "DELETE" });
  return changes;
}
