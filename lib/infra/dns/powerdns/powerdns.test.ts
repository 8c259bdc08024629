import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Resolver } from "node:dns/promises";
import { dnsPushes } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { startPowerDns, type RunningPowerDns } from "@/test/helpers/powerdns";
import { createRecord, createZone, deleteRecord } from "../manage-dns";
import { deleteZone } from "../zone-lifecycle";
import { powerDnsClient, type PowerDnsClient } from "./powerdns-client";
import { pushDueZones, RETRY_DELAYS_MS } from "./push-due-zones";
import { syncPowerDns } from "./sync-powerdns";
import { runDnsSync } from "@/lib/cli/commands/dns";

let db: Db;
let pdns: RunningPowerDns;
let client: PowerDnsClient;
let resolver: Resolver;
let workspaceId: string;
const saved = { ...process.env };

beforeAll(async () => {
  let file: string;
  ({ db, file } = await useTestDb());
  vi.stubEnv("DATABASE_URL", `file:${file}`);
  pdns = await startPowerDns();
  Object.assign(process.env, { DNS_BACKEND: "powerdns", PDNS_API_URL: pdns.apiUrl, PDNS_API_KEY: pdns.apiKey });
  client = powerDnsClient({ timeoutMs: 2_000 });
  resolver = new Resolver({ timeout: 2_000, tries: 1 });
  resolver.setServers([`127.0.0.1:${pdns.dnsPort}`]);
  workspaceId = (await seedWorkspace(db)).workspace.id;
});
afterAll(async () => {
  process.env = { ...saved };
  vi.unstubAllEnvs();
  await pdns?.stop();
});

/** What the server's pusher does every half second, run by hand so the test decides when. */
const push = (now = new Date()) => pushDueZones(db, client, now);

describe("PowerDNS as the engine (DNS_BACKEND=powerdns)", () => {
  it("serves every record type Bengkel stores, as the embedded server does", async () => {
    await createZone(db, workspaceId, { domain: "pdns-shop.test" });
    const add = async (input: Parameters<typeof createRecord>[3]) =>
      await createRecord(db, workspaceId, "pdns-shop.test", input);
    await add({ type: "A", name: "www", data: "192.0.2.10", ttl: 300 });
    await add({ type: "A", name: "www", data: "192.0.2.11", ttl: 600 });
    await add({ type: "AAAA", name: "www", data: "2001:db8::10" });
    await add({ type: "MX", name: "@", data: "mail", priority: 10 });
    await add({ type: "TXT", name: "@", data: 'v=spf1 -all "quoted" \\ back' });
    await add({ type: "TXT", name: "long", data: "x".repeat(300) });
    await add({ type: "SRV", name: "_sip._tcp", data: "sip", priority: 10, weight: 60, port: 5060 });
    await add({ type: "CAA", name: "@", data: "letsencrypt.org", tag: "issue" });
    await add({ type: "CNAME", name: "blog", data: "www" });
    await add({ type: "NS", name: "sub", data: "ns.elsewhere.test." });
    expect(await db.select().from(dnsPushes)).toMatchObject([{ domain: "pdns-shop.test", generation: 11 }]);
    expect(await push()).toEqual({ pushed: 1, failed: 0 });
    expect(await db.select().from(dnsPushes)).toEqual([]);

    // One RRset, one TTL in PowerDNS: the smaller of the two records'.
    expect(await resolver.resolve4("www.pdns-shop.test", { ttl: true })).toEqual(
      expect.arrayContaining([
        { address: "192.0.2.10", ttl: 300 },
        { address: "192.0.2.11", ttl: 300 },
      ]),
    );
    expect(await resolver.resolve6("www.pdns-shop.test")).toEqual(["2001:db8::10"]);
    expect(await resolver.resolveMx("pdns-shop.test")).toEqual([{ exchange: "mail.pdns-shop.test", priority: 10 }]);
    expect(await resolver.resolveTxt("pdns-shop.test")).toEqual([['v=spf1 -all "quoted" \\ back']]);
    expect((await resolver.resolveTxt("long.pdns-shop.test"))[0].join("")).toBe("x".repeat(300));
    expect(await resolver.resolveSrv("_sip._tcp.pdns-shop.test")).toEqual([
      { name: "sip.pdns-shop.test", port: 5060, priority: 10, weight: 60 },
    ]);
    expect(await resolver.resolveCaa("pdns-shop.test")).toEqual([{ critical: 0, issue: "letsencrypt.org" }]);
    expect(await resolver.resolveCname("blog.pdns-shop.test")).toEqual(["www.pdns-shop.test"]);
    expect((await resolver.resolveNs("pdns-shop.test")).sort()).toEqual(["ns1.bengkel.test", "ns2.bengkel.test"]);
    const soa = await resolver.resolveSoa("pdns-shop.test");
    expect(soa).toMatchObject({ nsname: "ns1.bengkel.test", hostmaster: "hostmaster.pdns-shop.test", minttl: 300 });
    await expect(resolver.resolve4("nope.pdns-shop.test")).rejects.toMatchObject({ code: "ENOTFOUND" });
    await expect(resolver.resolve4("elsewhere.org")).rejects.toMatchObject({ code: "EREFUSED" });

    // A push with nothing new changes nothing, not even the serial.
    await createRecord(db, workspaceId, "pdns-shop.test", { type: "A", name: "tmp", data: "192.0.2.99" });
    const tmp = (await db.select().from(dnsPushes).limit(1))[0];
    expect(tmp).toBeDefined();
    await push();
    const before = (await resolver.resolveSoa("pdns-shop.test")).serial;
    expect(await syncPowerDns(db, client)).toMatchObject({ unchanged: ["pdns-shop.test"], updated: [] });
    expect((await resolver.resolveSoa("pdns-shop.test")).serial).toBe(before);
  });

  it("a new zone answers at once, even right after PowerDNS refused it", async () => {
    await expect(resolver.resolveSoa("pdns-fresh.test")).rejects.toMatchObject({ code: "EREFUSED" });
    await createZone(db, workspaceId, { domain: "pdns-fresh.test" });
    await push();
    expect(await resolver.resolveSoa("pdns-fresh.test")).toMatchObject({ hostmaster: "hostmaster.pdns-fresh.test" });
  });

  it("deletions reach PowerDNS: a record, then the whole zone", async () => {
    await createZone(db, workspaceId, { domain: "pdns-gone.test" });
    const a = await createRecord(db, workspaceId, "pdns-gone.test", { type: "A", name: "www", data: "198.51.100.1" });
    await push();
    expect(await resolver.resolve4("www.pdns-gone.test")).toEqual(["198.51.100.1"]);
    const serial = (await resolver.resolveSoa("pdns-gone.test")).serial;
    await deleteRecord(db, workspaceId, "pdns-gone.test", a.id);
    await push();
    await expect(resolver.resolve4("www.pdns-gone.test")).rejects.toMatchObject({ code: "ENOTFOUND" });
    // SOA-EDIT-API: PowerDNS raised the serial itself, so secondaries see the change.
    expect((await resolver.resolveSoa("pdns-gone.test")).serial).toBeGreaterThan(serial);
    await deleteZone(db, workspaceId, "pdns-gone.test");
    await push();
    await expect(resolver.resolveSoa("pdns-gone.test")).rejects.toMatchObject({ code: "EREFUSED" });
    expect(await client.getZone("pdns-gone.test.")).toBeNull();
  });

  it("a pending zone is not pushed; once verified it is", async () => {
    process.env.DNS_ZONE_VERIFICATION = "on";
    try {
      const zone = await createZone(db, workspaceId, { domain: "pdns-pending.test" });
      expect(zone.status).toBe("pending");
      await push();
      expect(await client.getZone("pdns-pending.test.")).toBeNull();
    } finally {
      process.env.DNS_ZONE_VERIFICATION = "off";
    }
  });

  it("changes made while PowerDNS is down are kept and pushed once it is back", async () => {
    await createZone(db, workspaceId, { domain: "pdns-outage.test" });
    await push();
    await pdns.kill();
    await createRecord(db, workspaceId, "pdns-outage.test", { type: "A", name: "www", data: "203.0.113.5" });
    const t0 = new Date();
    expect(await push(t0)).toEqual({ pushed: 0, failed: 1 });
    const row = (await db.select().from(dnsPushes).limit(1))[0]!;
    expect(row).toMatchObject({ domain: "pdns-outage.test", attempts: 1 });
    expect(row.lastError).toMatch(/fetch failed|ECONNREFUSED/);
    expect(row.dueAt.getTime()).toBe(t0.getTime() + RETRY_DELAYS_MS[0]);
    expect(await push(t0)).toEqual({ pushed: 0, failed: 0 }); // not due yet

    await pdns.start();
    expect(await push(new Date(t0.getTime() + RETRY_DELAYS_MS[0]))).toEqual({ pushed: 1, failed: 0 });
    expect(await resolver.resolve4("www.pdns-outage.test")).toEqual(["203.0.113.5"]);
  });

  it("`dns sync` repairs hand edits and leftovers, and leaves an operator's own zones alone", async () => {
    await createZone(db, workspaceId, { domain: "pdns-sync.test" });
    await createRecord(db, workspaceId, "pdns-sync.test", { type: "A", name: "www", data: "192.0.2.50" });
    await push();
    // Someone edits PowerDNS behind Bengkel's back: a record removed, one added; a zone of ours lingers; an
    // operator's own zone exists.
    await client.patchRrsets("pdns-sync.test.", [
      { name: "www.pdns-sync.test.", type: "A", ttl: 60, records: [], changetype: "DELETE" },
      {
        name: "rogue.pdns-sync.test.",
        type: "A",
        ttl: 60,
        records: [{ content: "192.0.2.66", disabled: false }],
        changetype: "REPLACE",
      },
    ]);
    const zone = (name: string, account: string) => ({
      name,
      account,
      kind: "Native" as const,
      soa_edit_api: "DEFAULT",
      rrsets: [
        {
          name,
          type: "SOA",
          ttl: 300,
          records: [{ content: `ns1.bengkel.test. hostmaster.${name} 1 3600 600 604800 300`, disabled: false }],
        },
      ],
    });
    await client.createZone(zone("pdns-leftover.test.", "bengkel"));
    await client.createZone(zone("operator-own.test.", ""));
    await db.delete(dnsPushes);

    const result = await syncPowerDns(db, client);
    expect(result.updated).toEqual(["pdns-sync.test"]);
    expect(result.deleted).toEqual(["pdns-leftover.test"]);
    expect(await resolver.resolve4("www.pdns-sync.test")).toEqual(["192.0.2.50"]);
    await expect(resolver.resolve4("rogue.pdns-sync.test")).rejects.toMatchObject({ code: "ENOTFOUND" });
    expect(await client.getZone("pdns-leftover.test.")).toBeNull();
    expect(await client.getZone("operator-own.test.")).not.toBeNull();
    // The command an operator runs, on the same database: nothing left to repair.
    const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    await runDnsSync(true);
    const printed = JSON.parse(write.mock.calls.map(([chunk]) => String(chunk)).join(""));
    write.mockRestore();
    expect(printed).toMatchObject({ created: [], updated: [], deleted: [] });
    expect(printed.unchanged).toContain("pdns-sync.test");
  });

  // Two instances' pushers (this file runs on PostgreSQL too: npm run test:postgres) racing on one zone: the first has read the
  // zone and is slow to send it; a change lands and the second pushes. The first's older push must not land last.
  it("a push read before a change never lands after the push of that change", async () => {
    const domain = "race-shop.test";
    await createZone(db, workspaceId, { domain });
    await pushDueZones(db, client); // the zone exists in PowerDNS
    await createRecord(db, workspaceId, domain, { type: "A", name: "www", data: "192.0.2.1" });

    let release!: () => void;
    let reached!: () => void;
    const slowReached = new Promise<void>((resolve) => (reached = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow: PowerDnsClient = {
      ...client,
      async patchRrsets(...args) {
        reached();
        await held;
        return await client.patchRrsets(...args);
      },
    };
    const first = pushDueZones(db, slow);
    await slowReached; // the first pusher read www = 192.0.2.1 and is about to send it
    await createRecord(db, workspaceId, domain, { type: "A", name: "www", data: "192.0.2.2" });
    const second = pushDueZones(db, client);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the second has every chance to go first
    release();
    await Promise.all([first, second]);

    const answers = (await resolver.resolve4(`www.${domain}`)).sort();
    expect(answers).toEqual(["192.0.2.1", "192.0.2.2"]);
  });
});
