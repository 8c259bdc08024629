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
 * apex; a name ending in "." is absolute and must lie inside the zone.
 */
export function resolveRecordName(input: string, zone: string): { name: string; fqdn: string } {
  const raw = input.trim().toLowerCase();
  if (raw === "@" || raw === "" || raw === `${zone}.`) return { name: "@", fqdn: zone };
  let fqdn: string;
  if (raw.endsWith(".")) {
    fqdn = normalizeHostname(raw, "name", "record name");
    if (!fqdn.endsWith(`.${zone}`))
      throw new DomainError("invalid_request", `\`${input}\` is outside the zone ${zone}.`, { param: "name" });
  } else {
    fqdn = normalizeHostname(`${raw}.${zone}`, "name", "record name");
  }
  return { name: fqdn.slice(0, -(zone.length + 1)), fqdn };
}
