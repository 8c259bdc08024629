import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Resolver } from "node:dns/promises";
import { GET as listZones, POST as createZone } from "./route";
import { GET as listRecords, POST as createRecord } from "./[domain]/records/route";
import { DELETE as deleteRecord } from "./[domain]/records/[id]/route";
import { apiRequest, routeParams, seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { startDnsServer, type RunningServer } from "@/lib/infra/dns/dns-server";
import type { Db } from "@/lib/db/client";

let db: Db;
let server: RunningServer;
let resolver: Resolver;
beforeAll(async () => {
  ({ db } = await useTestDb());
  server = await startDnsServer(db, { port: 0 });
  resolver = new Resolver({ timeout: 2_000, tries: 1 });
  resolver.setServers([`127.0.0.1:${server.port}`]);
});
afterAll(() => server.stop());

async function zone(key: string, domain: string) {
  const res = await createZone(apiRequest("/v1/dns/zones", { method: "POST", key, body: { domain } }));
  expect(res.status).toBe(201);
  return (await res.json()).data;
}

const addRecord = (key: string, domain: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
  createRecord(
    apiRequest(`/v1/dns/zones/${domain}/records`, { method: "POST", key, body, headers }),
    routeParams({ domain }),
  );

async function record(key: string, domain: string, body: Record<string, unknown>) {
  const res = await addRecord(key, domain, body);
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return (await res.json()).data;
}

describe("DNS zones and records over the API", () => {
  it("creates and lists zones; an overlapping or taken domain is 409", async () => {
    const { secret } = await seedWorkspace(db);
    const created = await zone(secret, "Shop-Example.COM.");
    expect(created).toMatchObject({
      domain: "shop-example.com",
      serial: 1,
      record_count: 0,
      nameservers: ["ns1.bengkel.test", "ns2.bengkel.test"],
    });
    expect(created.id).toMatch(/^zone_/);
    const { secret: other } = await seedWorkspace(db);
    for (const domain of ["shop-example.com", "sub.shop-example.com"]) {
      const res = await createZone(apiRequest("/v1/dns/zones", { method: "POST", key: other, body: { domain } }));
      expect(res.status).toBe(409);
    }
    const bad = await createZone(
      apiRequest("/v1/dns/zones", { method: "POST", key: other, body: { domain: "localhost" } }),
    );
    expect((await bad.json()).error).toMatchObject({ code: "invalid_request", param: "domain" });
    const listed = await (await listZones(apiRequest("/v1/dns/zones", { key: secret }))).json();
    expect(listed.data.map((z: { domain: string }) => z.domain)).toEqual(["shop-example.com"]);
    expect((await (await listZones(apiRequest("/v1/dns/zones", { key: other }))).json()).data).toEqual([]);
  });

  it.each([
    [{ type: "A", name: "www", data: "300.1.1.1" }, "data"],
    [{ type: "AAAA", name: "www", data: "192.0.2.1" }, "data"],
    [{ type: "MX", name: "@", data: "mx.example.net" }, "priority"],
    [{ type: "MX", name: "@", data: "mx.example.net", priority: 70000 }, "priority"],
    [{ type: "SRV", name: "_sip._tcp", data: "sip.example.net", priority: 10, weight: 5 }, "port"],
    [{ type: "CAA", name: "@", data: "letsencrypt.org", tag: "foo" }, "tag"],
    [{ type: "CAA", name: "@", data: "letsencrypt.org", tag: "issue", flags: 256 }, "flags"],
    [{ type: "CAA", name: "@", data: "not a url", tag: "iodef" }, "data"],
    [{ type: "A", name: "www", data: "192.0.2.1", ttl: 59 }, "ttl"],
    [{ type: "A", name: "www", data: "192.0.2.1", ttl: 86401 }, "ttl"],
    [{ type: "A", name: "www", data: "192.0.2.1", priority: 1 }, "priority"],
    [{ type: "A", name: `${"a".repeat(64)}`, data: "192.0.2.1" }, "name"],
    [{ type: "A", name: "bad name", data: "192.0.2.1" }, "name"],
    [{ type: "A", name: "www.other.org.", data: "192.0.2.1" }, "name"],
    [{ type: "CNAME", name: "@", data: "elsewhere.example.net" }, "name"],
    [{ type: "TXT", name: "@", data: "non-ascii é" }, "data"],
    [{ type: "PTR", name: "@", data: "x.example" }, "type"],
    [{ type: "A", name: "a.*", data: "192.0.2.1" }, "name"],
    [{ type: "A", name: "*x", data: "192.0.2.1" }, "name"],
    [{ type: "NS", name: "*", data: "ns1.example.net." }, "name"],
    [{ type: "CNAME", name: "w", data: "*.example.net." }, "data"],
    [{ type: "MX", name: "@", data: "..", priority: 1 }, "data"],
  ])("400 for %j names %s", async (body, param) => {
    const { secret } = await seedWorkspace(db);
    const domain = `v${Math.random().toString(36).slice(2, 10)}.test`;
    await zone(secret, domain);
    const res = await addRecord(secret, domain, body);
    expect(res.status).toBe(400);
    expect((await res.json()).error.param).toBe(param);
  });

  it("409 for exact duplicates and CNAME clashes; 404 for another workspace's zone or record", async () => {
    const { secret } = await seedWorkspace(db);
    await zone(secret, "dupes.test");
    const a = await record(secret, "dupes.test", { type: "A", name: "WWW", data: "192.0.2.1" });
    expect(a).toMatchObject({ name: "www", fqdn: "www.dupes.test", ttl: 3600, priority: null });
    expect(
      (await addRecord(secret, "dupes.test", { type: "A", name: "www", data: "192.0.2.1", ttl: 600 })).status,
    ).toBe(409);
    expect((await addRecord(secret, "dupes.test", { type: "CNAME", name: "www", data: "x.example.net" })).status).toBe(
      409,
    );
    await record(secret, "dupes.test", { type: "CNAME", name: "alias", data: "x.example.net." });
    expect((await addRecord(secret, "dupes.test", { type: "TXT", name: "alias", data: "hi" })).status).toBe(409);

    const { secret: other } = await seedWorkspace(db);
    expect((await addRecord(other, "dupes.test", { type: "A", name: "x", data: "192.0.2.2" })).status).toBe(404);
    expect(
      (
        await listRecords(
          apiRequest("/v1/dns/zones/dupes.test/records", { key: other }),
          routeParams({ domain: "dupes.test" }),
        )
      ).status,
    ).toBe(404);
    const del = await deleteRecord(
      apiRequest(`/v1/dns/zones/dupes.test/records/${a.id}`, { method: "DELETE", key: other }),
      routeParams({ domain: "dupes.test", id: a.id }),
    );
    expect(del.status).toBe(404);
  });

  it("stores host names in data absolute, read relative to the zone like a zone file; takes wildcards", async () => {
    const { secret } = await seedWorkspace(db);
    await zone(secret, "names.test");
    const stored = async (body: Record<string, unknown>) => (await record(secret, "names.test", body)).data;
    expect(await stored({ type: "MX", name: "@", data: "mail", priority: 10 })).toBe("mail.names.test.");
    expect(await stored({ type: "MX", name: "@", data: "MX.Example.NET.", priority: 20 })).toBe("mx.example.net.");
    expect(await stored({ type: "CNAME", name: "www", data: "@" })).toBe("names.test.");
    expect(await stored({ type: "NS", name: "lab", data: "ns1.lab" })).toBe("ns1.lab.names.test.");
    expect(await stored({ type: "SRV", name: "_x._tcp", data: ".", priority: 0, weight: 0, port: 0 })).toBe(".");
    // The same host written relative or absolute is the same record.
    const again = await addRecord(secret, "names.test", {
      type: "MX",
      name: "@",
      data: "mail.names.test.",
      priority: 10,
    });
    expect(again.status).toBe(409);
    expect(await record(secret, "names.test", { type: "A", name: "*", data: "192.0.2.50" })).toMatchObject({
      name: "*",
      fqdn: "*.names.test",
    });
    expect(await record(secret, "names.test", { type: "A", name: "*.dev", data: "192.0.2.51" })).toMatchObject({
      name: "*.dev",
      fqdn: "*.dev.names.test",
    });
    // Written absolute, the apex wildcard is the same name.
    const absolute = await addRecord(secret, "names.test", { type: "A", name: "*.names.test.", data: "192.0.2.50" });
    expect(absolute.status).toBe(409);
  });

  it("401 without a key, 403 with read-only scope for writes", async () => {
    expect((await listZones(apiRequest("/v1/dns/zones"))).status).toBe(401);
    const { secret } = await seedWorkspace(db, { scopes: ["infra:read"] });
    expect((await listZones(apiRequest("/v1/dns/zones", { key: secret }))).status).toBe(200);
    expect(
      (await createZone(apiRequest("/v1/dns/zones", { method: "POST", key: secret, body: { domain: "ro.test" } })))
        .status,
    ).toBe(403);
  });

  it("paginates records", async () => {
    const { secret } = await seedWorkspace(db);
    await zone(secret, "pages.test");
    for (let i = 1; i <= 3; i++) await record(secret, "pages.test", { type: "A", name: `h${i}`, data: `192.0.2.${i}` });
    const url = (cursor = "") =>
      apiRequest(`/v1/dns/zones/pages.test/records?limit=2${cursor && `&cursor=${cursor}`}`, { key: secret });
    const first = await (await listRecords(url(), routeParams({ domain: "pages.test" }))).json();
    expect(first.data).toHaveLength(2);
    const second = await (await listRecords(url(first.next_cursor), routeParams({ domain: "pages.test" }))).json();
    expect(second.data).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
  });
});

describe("the embedded DNS server answers from the database", () => {
  it("serves A, AAAA, MX, TXT, SRV, CAA, CNAME, SOA and NS; NXDOMAIN; REFUSED; deletion", async () => {
    const { secret } = await seedWorkspace(db);
    await zone(secret, "served.test");
    const a = await record(secret, "served.test", { type: "A", name: "www", data: "192.0.2.10", ttl: 300 });
    await record(secret, "served.test", { type: "AAAA", name: "www", data: "2001:DB8::10" });
    await record(secret, "served.test", { type: "MX", name: "@", data: "mail", priority: 10 });
    await record(secret, "served.test", { type: "TXT", name: "@", data: "v=spf1 -all" });
    await record(secret, "served.test", { type: "TXT", name: "long", data: "x".repeat(300) });
    await record(secret, "served.test", {
      type: "SRV",
      name: "_sip._tcp",
      data: "sip",
      priority: 10,
      weight: 60,
      port: 5060,
    });
    await record(secret, "served.test", { type: "CAA", name: "@", data: "letsencrypt.org", tag: "issue" });
    await record(secret, "served.test", { type: "CNAME", name: "blog", data: "www.served.test." });

    expect(await resolver.resolve4("www.served.test", { ttl: true })).toEqual([{ address: "192.0.2.10", ttl: 300 }]);
    expect(await resolver.resolve6("www.served.test")).toEqual(["2001:db8::10"]);
    expect(await resolver.resolveMx("served.test")).toEqual([{ exchange: "mail.served.test", priority: 10 }]);
    expect(await resolver.resolveTxt("served.test")).toEqual([["v=spf1 -all"]]);
    expect((await resolver.resolveTxt("long.served.test"))[0].join("")).toBe("x".repeat(300));
    expect(await resolver.resolveSrv("_sip._tcp.served.test")).toEqual([
      { name: "sip.served.test", port: 5060, priority: 10, weight: 60 },
    ]);
    expect(await resolver.resolveCaa("served.test")).toEqual([{ critical: 0, issue: "letsencrypt.org" }]);
    expect(await resolver.resolveCname("blog.served.test")).toEqual(["www.served.test"]);
    expect(await resolver.resolveNs("served.test")).toEqual(["ns1.bengkel.test", "ns2.bengkel.test"]);
    expect(await resolver.resolveSoa("served.test")).toMatchObject({
      nsname: "ns1.bengkel.test",
      hostmaster: "hostmaster.served.test",
      serial: 9,
    });

    await expect(resolver.resolve4("nope.served.test")).rejects.toMatchObject({ code: "ENOTFOUND" });
    await expect(resolver.resolve4("served.test")).rejects.toMatchObject({ code: "ENODATA" });
    await expect(resolver.resolve4("example.org")).rejects.toMatchObject({ code: "EREFUSED" });

    const del = await deleteRecord(
      apiRequest(`/v1/dns/zones/served.test/records/${a.id}`, { method: "DELETE", key: secret }),
      routeParams({ domain: "served.test", id: a.id }),
    );
    expect((await del.json()).data).toEqual({ id: a.id, deleted: true });
    await expect(resolver.resolve4("www.served.test")).rejects.toMatchObject({ code: "ENODATA" });
  });

  it("answers over TCP too", async () => {
    const { secret } = await seedWorkspace(db);
    await zone(secret, "tcp.test");
    await record(secret, "tcp.test", { type: "A", name: "@", data: "198.51.100.7" });
    const net = await import("node:net");
    const dnsPacket = await import("dns-packet");
    const query = dnsPacket.streamEncode({
      type: "query",
      id: 7,
      flags: 0,
      questions: [{ type: "A", name: "tcp.test" }],
    });
    const reply = await new Promise<Buffer>((resolve, reject) => {
      const socket = net.connect(server.port, "127.0.0.1", () => socket.write(query));
      let got = Buffer.alloc(0);
      socket.on("data", (chunk) => {
        got = Buffer.concat([got, chunk]);
        if (got.length >= 2 && got.length >= 2 + got.readUInt16BE(0)) {
          socket.end();
          resolve(got);
        }
      });
      socket.on("error", reject);
    });
    const decoded = dnsPacket.streamDecode(reply);
    expect((decoded.flags ?? 0) & dnsPacket.AUTHORITATIVE_ANSWER).toBeTruthy();
    expect(decoded.answers).toMatchObject([{ type: "A", name: "tcp.test", data: "198.51.100.7" }]);
  });
});
