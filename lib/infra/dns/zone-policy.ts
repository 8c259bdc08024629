import { parse } from "tldts";
import { config } from "@/lib/config";
import { DomainError } from "@/lib/errors";

/**
 * Top-level names no one can delegate to us: RFC 2606 (example, invalid, localhost), RFC 6761 (the same, plus test),
 * RFC 6762 (local, mDNS), RFC 7686 (onion), RFC 9476 (alt), ICANN's 2024 `internal`, and arpa (RFC 3172: reverse
 * and infrastructure zones, delegated by the address registries, not by us).
 */
const RESERVED_TLDS = ["example", "invalid", "localhost", "local", "onion", "alt", "internal", "arpa", "test"];
/** RFC 2606 §3: second-level names IANA keeps for documentation. */
const RESERVED_DOMAINS = ["example.com", "example.net", "example.org"];

const refuse = (code: "invalid_request", message: string) => new DomainError(code, message, { param: "domain" });

const within = (name: string, domain: string) => name === domain || name.endsWith(`.${domain}`);

/** The registrable domains this service itself answers for: its nameservers', its mail host's and its web origins'. */
export function serviceDomains(): string[] {
  const settings = config();
  const hosts = [
    ...settings.DNS_NAMESERVERS,
    settings.SMTP_HOSTNAME,
    ...[settings.PUBLIC_URL, settings.NEXTAUTH_URL].filter((u): u is string => !!u).map((u) => new URL(u).hostname),
  ];
  const domains = hosts.map((host) => {
    const name = host.toLowerCase().replace(/\.$/, "");
    // A reserved or unlisted suffix (bengkel.test) has no registrable domain in the list: take the parent name.
    return parse(name, { allowPrivateDomains: true }).domain ?? name.split(".").slice(-2).join(".");
  });
  return [...new Set(domains)];
}

/**
 * Refuses zone names no customer can own here (normalised input: lower case, no trailing dot): public suffixes
 * from the Public Suffix List, ICANN and private sections alike (`co.id`, `co.uk`, `github.io`), names under no
 * listed suffix, reserved names, and the service's own domains. Throws 400 `invalid_request` naming why.
 */
export function assertZoneAllowed(domain: string): void {
  const tld = domain.split(".").pop()!;
  const testAllowed = tld === "test" && config().DNS_ALLOW_TEST_ZONES;
  if ((RESERVED_TLDS.includes(tld) && !testAllowed) || RESERVED_DOMAINS.some((d) => within(domain, d)))
    throw refuse("invalid_request", `\`${domain}\` is a reserved name (RFC 2606/6761) and cannot be hosted.`);
  const own = serviceDomains().find((d) => within(domain, d));
  if (own) throw refuse("invalid_request", `\`${domain}\` belongs to this service (${own}) and cannot be hosted.`);
  if (testAllowed) return;
  const parsed = parse(domain, { allowPrivateDomains: true });
  if (!parsed.isIcann && !parsed.isPrivate)
    throw refuse("invalid_request", `\`${domain}\` is not under a top-level domain in the Public Suffix List.`);
  if (!parsed.domain)
    throw refuse(
      "invalid_request",
      `\`${domain}\` is a public suffix (${parsed.publicSuffix}); host a domain registered under it instead.`,
    );
}
