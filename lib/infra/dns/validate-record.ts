import net from "node:net";
import type { DnsRecordType } from "@/db/schema";
import { DomainError } from "@/lib/errors";
import { normalizeHostname, resolveTargetName } from "./dns-names";

export interface RecordInput {
  type: DnsRecordType;
  data: string;
  ttl?: number;
  priority?: number;
  port?: number;
  weight?: number;
  flags?: number;
  tag?: string;
}

export interface RecordValues {
  data: string;
  ttl: number;
  priority: number | null;
  port: number | null;
  weight: number | null;
  flags: number | null;
  tag: string | null;
}

export const CAA_TAGS = ["issue", "issuewild", "iodef"] as const;

const bad = (param: string, message: string) => new DomainError("invalid_request", message, { param });

function uint16(value: number | undefined, param: string, type: string): number {
  if (value === undefined) throw bad(param, `${type} records need \`${param}\` (0–65535).`);
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw bad(param, `\`${param}\` must be an integer 0–65535.`);
  return value;
}

/** Only the fields a type uses may be set; the rest are rejected so mistakes are not silently dropped. */
function onlyFields(input: RecordInput, allowed: (keyof RecordInput)[]): void {
  for (const field of ["priority", "port", "weight", "flags", "tag"] as const) {
    if (input[field] !== undefined && !allowed.includes(field))
      throw bad(field, `\`${field}\` does not apply to ${input.type} records.`);
  }
}

/**
 * Per-type checks; answers the stored values (data normalised, unused fields
 * null). `name` is the record's name relative to `zone` ("@" is the apex); host
 * names in data are resolved against `zone` and stored absolute.
 */
export function validateRecord(input: RecordInput, at: { zone: string; name: string }): RecordValues {
  const apex = at.name === "@";
  const target = (what: string) => resolveTargetName(input.data, at.zone, "data", what);
  const ttl = input.ttl ?? 3600;
  if (!Number.isInteger(ttl) || ttl < 60 || ttl > 86_400)
    throw bad("ttl", "`ttl` must be an integer from 60 to 86400 seconds.");
  const out: RecordValues = {
    data: input.data.trim(),
    ttl,
    priority: null,
    port: null,
    weight: null,
    flags: null,
    tag: null,
  };
  switch (input.type) {
    case "A":
      onlyFields(input, []);
      if (!net.isIPv4(out.data)) throw bad("data", "A records need an IPv4 address such as 192.0.2.10.");
      break;
    case "AAAA":
      onlyFields(input, []);
      if (!net.isIPv6(out.data)) throw bad("data", "AAAA records need an IPv6 address such as 2001:db8::10.");
      out.data = out.data.toLowerCase();
      break;
    case "CNAME":
      onlyFields(input, []);
      if (apex) throw bad("name", "A CNAME cannot sit at the zone apex (it would hide the SOA and NS records).");
      out.data = target("host name");
      break;
    case "NS":
      onlyFields(input, []);
      // A wildcard delegation has no defined meaning (RFC 4592 §4.2).
      if (at.name === "*" || at.name.startsWith("*.")) throw bad("name", "NS records cannot have a wildcard name.");
      out.data = target("name server");
      break;
    case "MX":
      onlyFields(input, ["priority"]);
      out.priority = uint16(input.priority, "priority", "MX");
      out.data = target("mail server");
      break;
    case "SRV":
      onlyFields(input, ["priority", "port", "weight"]);
      out.priority = uint16(input.priority, "priority", "SRV");
      out.weight = uint16(input.weight, "weight", "SRV");
      out.port = uint16(input.port, "port", "SRV");
      // "." means "no such service here" (RFC 2782).
      out.data = out.data === "." ? "." : target("target");
      break;
    case "TXT":
      onlyFields(input, []);
      if (input.data.length < 1 || input.data.length > 4000 || /[^\x20-\x7e]/.test(input.data)) {
        throw bad("data", "TXT data must be 1–4000 printable ASCII characters.");
      }
      out.data = input.data;
      break;
    case "CAA":
      onlyFields(input, ["flags", "tag"]);
      out.flags = input.flags ?? 0;
      if (!Number.isInteger(out.flags) || out.flags < 0 || out.flags > 255)
        throw bad("flags", "`flags` must be an integer 0–255 (128 = critical).");
      if (!CAA_TAGS.includes(input.tag as (typeof CAA_TAGS)[number]))
        throw bad("tag", "`tag` must be issue, issuewild or iodef.");
      out.tag = input.tag!;
      out.data = validateCaaValue(out.tag, out.data);
      break;
  }
  return out;
}

function validateCaaValue(tag: string, value: string): string {
  if (tag === "iodef") {
    if (!/^(mailto:[^@\s]+@[^@\s]+|https?:\/\/\S+)$/i.test(value))
      throw bad("data", "iodef needs a mailto: or http(s):// URL.");
    return value;
  }
  // issue / issuewild: a CA domain (optionally with ;parameters) or ";" to forbid issuance.
  if (value === ";") return value;
  const [domain, ...params] = value.split(";");
  normalizeHostname(domain, "data", "certificate authority domain");
  return [domain.trim().toLowerCase(), ...params.map((p) => p.trim())].join("; ");
}
