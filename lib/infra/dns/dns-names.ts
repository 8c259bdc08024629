import { DomainError } from "@/lib/errors";

const LABEL = /^[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** Lower case, no trailing dot; every label ≤ 63 and the whole ≤ 253 (RFC 1035). */
export function normalizeHostname(input: string, param: string, what = "hostname"): string {
  const name = input.trim().toLowerCase().replace(/\.$/, "");
  const labels = name.split(".");
  if (!name || name.length > 253 || labels.some((l) => !LABEL.test(l))) {
    throw new DomainError(
      "invalid_request",
      `\`${input}\` is not a valid ${what}: labels of a–z, 0–9, hyphen or underscore, each 1–63 characters, 253 in all.`,
      { param },
    );
  }
  return name;
}

/** A zone apex: at least two labels, letters/digits/hyphens only. */
export function normalizeDomain(input: string, param = "domain"): string {
  const domain = normalizeHostname(input, param, "domain");
  if (!domain.includes(".") || domain.includes("_") || !/^[a-z]/.test(domain.split(".").pop()!)) {
    throw new DomainError("invalid_request", `\`${input}\` is not a registrable domain such as example.com.`, {
      param,
    });
  }
  return domain;
}

/**
 * A record name relative to its zone: "@" (or "" or the zone itself) is the
 * apex; a name ending in "." is absolute and must lie inside the zone. A
 * leading "*" label makes a wildcard (RFC 4592); "*" anywhere else is refused,
 * since it would only be a literal asterisk that no one means.
 */
export function resolveRecordName(input: string, zone: string): { name: string; fqdn: string } {
  const raw = input.trim().toLowerCase();
  if (raw === "@" || raw === "" || raw === `${zone}.`) return { name: "@", fqdn: zone };
  const absolute = raw.endsWith(".") ? raw.slice(0, -1) : `${raw}.${zone}`;
  const wildcard = absolute === "*" || absolute.startsWith("*.");
  const rest = wildcard ? absolute.slice(2) : absolute;
  let fqdn = normalizeHostname(rest, "name", "record name");
  if (fqdn !== zone && !fqdn.endsWith(`.${zone}`))
    throw new DomainError("invalid_request", `\`${input}\` is outside the zone ${zone}.`, { param: "name" });
  if (wildcard) fqdn = `*.${fqdn}`;
  if (fqdn.length > 253)
    throw new DomainError("invalid_request", `\`${input}\` is longer than 253 characters.`, { param: "name" });
  return { name: fqdn.slice(0, -(zone.length + 1)), fqdn };
}

/**
 * A host name in record data (CNAME, NS, MX, SRV targets), read as a zone file
 * reads it (RFC 1035 §5.1): "@" is the apex, a trailing dot makes it absolute,
 * anything else is relative to the zone. Answers the absolute name with its
 * trailing dot, so what is stored reads back unambiguously and can be sent again.
 */
export function resolveTargetName(input: string, zone: string, param: string, what = "host name"): string {
  const raw = input.trim();
  if (raw === "@") return `${zone}.`;
  const absolute = raw.endsWith(".") ? raw : `${raw}.${zone}`;
  return `${normalizeHostname(absolute, param, what)}.`;
}
