import dns from "node:dns/promises";
import net from "node:net";
import { DomainError } from "@/lib/errors";
import { config } from "@/lib/config";

/**
 * Webhook URLs must not reach the server's own network. Checked at
 * registration (literal addresses, `localhost`, and whatever the name
 * resolves to then) and again at every send, where the connection is pinned to
 * the address that was checked so a DNS answer cannot change in between
 * (DNS rebinding). `WEBHOOK_ALLOW_PRIVATE=true` lifts the rule (tests, LAN setups).
 */
export function allowPrivateAddresses(): boolean {
  return config().WEBHOOK_ALLOW_PRIVATE;
}

const BLOCKED = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // CGNAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  BLOCKED.addSubnet(address, prefix, "ipv4");
}
for (const [address, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  BLOCKED.addSubnet(address, prefix, "ipv6");
}

/** True for any address a webhook may not reach; anything that is not an IP address counts as blocked. */
export function isBlockedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return BLOCKED.check(address, "ipv4");
  if (family !== 6) return true;
  const embedded = embeddedIpv4(address);
  return embedded ? BLOCKED.check(embedded, "ipv4") : BLOCKED.check(address.split("%")[0], "ipv6");
}

/** The IPv4 address inside an IPv4-mapped (::ffff:0:0/96), IPv4-compatible (::/96) or NAT64 (64:ff9b::/96) address. */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const mapped = zeros(0, 5) && (g[5] === 0xffff || g[5] === 0);
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6);
  if (!mapped && !nat64) return null;
  return [g[6] >> 8, g[6] & 0xff, g[7] >> 8, g[7] & 0xff].join(".");
}

function ipv6Groups(address: string): number[] {
  let text = address.split("%")[0].toLowerCase();
  const dotted = text.match(/^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(2).map(Number);
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...fill, ...right].map((group) => parseInt(group, 16));
}

const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

const invalidUrl = (message: string) => new DomainError("invalid_request", message, { param: "url" });

/** Registration-time check; throws 400 `invalid_request` (param `url`) with the reason. */
export async function assertWebhookUrl(raw: string, allowPrivate = allowPrivateAddresses()): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidUrl("The webhook URL is not a valid absolute URL.");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw invalidUrl("The webhook URL must use https (or http).");
  if (url.username || url.password) throw invalidUrl("The webhook URL must not contain credentials.");
  if (allowPrivate) return url;
  const host = bareHost(url);
  const refuse = (address: string) =>
    invalidUrl(
      `The webhook URL points to a private, loopback, link-local or otherwise internal address (${address}); ` +
        "webhooks can only be delivered to the public internet.",
    );
  if (net.isIP(host)) {
    if (isBlockedAddress(host)) throw refuse(host);
    return url;
  }
  if (host === "localhost" || host.endsWith(".localhost")) throw refuse(host);
  // A failed lookup is not fatal here (DNS may be briefly down); the send-time check is the authoritative one.
  const addresses = await dns.lookup(host, { all: true, verbatim: true }).catch(() => []);
  const bad = addresses.find((entry) => isBlockedAddress(entry.address));
  if (bad) throw refuse(`${host} → ${bad.address}`);
  return url;
}

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** Send-time check: resolves the host and refuses it if any of its addresses is internal. */
export async function resolveDeliveryAddress(
  url: URL,
  allowPrivate = allowPrivateAddresses(),
): Promise<CheckedAddress> {
  const host = bareHost(url);
  const literal = net.isIP(host);
  const addresses = literal
    ? [{ address: host, family: literal }]
    : await dns.lookup(host, { all: true, verbatim: true }).catch((error: NodeJS.ErrnoException) => {
        throw new Error(`could not resolve ${host}: ${error.code ?? error.message}`);
      });
  if (addresses.length === 0) throw new Error(`could not resolve ${host}`);
  if (!allowPrivate) {
    const bad = addresses.find((entry) => isBlockedAddress(entry.address));
    if (bad) throw new Error(`refused: ${host} resolves to the internal address ${bad.address}`);
  }
  return { address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
}
