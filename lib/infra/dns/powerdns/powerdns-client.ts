import { config } from "@/lib/config";
import { DomainError } from "@/lib/errors";

/** An RRset as PowerDNS's API spells it: absolute names with the trailing dot, presentation-format contents. */
export interface PdnsRrset {
  name: string;
  type: string;
  ttl: number;
  records: { content: string; disabled: boolean }[];
}

export interface PdnsZone {
  name: string;
  account: string;
  rrsets: PdnsRrset[];
}

export interface PowerDnsClient {
  listZones(): Promise<{ name: string; account: string }[]>;
  /** The zone with its RRsets, or null when PowerDNS does not host it. */
  getZone(name: string): Promise<PdnsZone | null>;
  createZone(zone: PdnsZone & { soa_edit_api: string; kind: "Native" }): Promise<void>;
  patchRrsets(name: string, rrsets: (PdnsRrset & { changetype: "REPLACE" | "DELETE" })[]): Promise<void>;
  /** Deletes the zone; one PowerDNS does not host is not an error. */
  deleteZone(name: string): Promise<void>;
  /** Drops cached answers for the name and below (a new zone's earlier REFUSED stays cached ~20 s otherwise). */
  flushCache(name: string): Promise<void>;
}

export interface PowerDnsOptions {
  apiUrl?: string;
  apiKey?: string;
  serverId?: string;
  timeoutMs?: number;
}

/** The PowerDNS Authoritative HTTP API (/api/v1), settings from PDNS_* unless given. */
export function powerDnsClient(options: PowerDnsOptions = {}): PowerDnsClient {
  const settings = config();
  const apiKey = options.apiKey ?? settings.PDNS_API_KEY;
  if (!apiKey)
    throw new DomainError("invalid_request", "PDNS_API_KEY must be set to use PowerDNS (DNS_BACKEND=powerdns).");
  const server = `${(options.apiUrl ?? settings.PDNS_API_URL).replace(/\/$/, "")}/api/v1/servers/${encodeURIComponent(
    options.serverId ?? settings.PDNS_SERVER_ID,
  )}`;
  const base = `${server}/zones`;
  const zoneUrl = (name: string) => `${base}/${encodeURIComponent(name)}`;

  async function call(method: string, url: string, body?: unknown): Promise<Response> {
    const res = await fetch(url, {
      method,
      headers: { "X-API-Key": apiKey!, ...(body ? { "content-type": "application/json" } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    return res;
  }
  async function expectOk(res: Response, what: string): Promise<void> {
    if (res.ok) return;
    // PowerDNS explains refusals in {"error": "..."}; the key is never part of it.
    const text = (await res.text().catch(() => "")).slice(0, 300);
    throw new Error(`PowerDNS ${what}: HTTP ${res.status} ${text}`);
  }

  return {
    async listZones() {
      const res = await call("GET", base);
      await expectOk(res, "list zones");
      return ((await res.json()) as { name: string; account: string }[]).map(({ name, account }) => ({
        name,
        account,
      }));
    },
    async getZone(name) {
      const res = await call("GET", zoneUrl(name));
      // 404 in recent versions; 422 "Could not find domain" in 4.x.
      if (res.status === 404 || res.status === 422) return null;
      await expectOk(res, `get ${name}`);
      return (await res.json()) as PdnsZone;
    },
    async createZone(zone) {
      await expectOk(await call("POST", base, zone), `create ${zone.name}`);
    },
    async patchRrsets(name, rrsets) {
      await expectOk(await call("PATCH", zoneUrl(name), { rrsets }), `update ${name}`);
    },
    async deleteZone(name) {
      const res = await call("DELETE", zoneUrl(name));
      if (res.status === 404 || res.status === 422) return;
      await expectOk(res, `delete ${name}`);
    },
    async flushCache(name) {
      await expectOk(await call("PUT", `${server}/cache/flush?domain=${encodeURIComponent(name)}`), `flush ${name}`);
    },
  };
}
