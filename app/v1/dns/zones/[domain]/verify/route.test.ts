import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Resolver } from "node:dns/promises";
import { count, eq } from "drizzle-orm";
import { POST as verifyZone } from "./route";
import { DELETE as deleteZone } from "../route";
import { GET as listZones, POST as createZone } from "../../route";
import { POST as createRecord } from "../records/route";
import { POST as createMailbox } from "@/app/v1/email/route";
import { apiRequest, routeParams, seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { startPublicDns, type PublicDns } from "@/test/helpers/public-dns";
import { startDnsServer, type RunningServer } from "@/lib/infra/dns/dns-server";
import { dnsRecords, dnsZones } from "@/db/schema";
import type { Db } from "@/lib/db/client";

let db: Db;
let server: RunningServer;
let publicDns: PublicDns;
let resolver: Resolver;
const saved = { ...process.env };

beforeAll(async () => {
  ({ db } = await useTestDb());
  publicDns = await startPublicDns();
  // The zones of this file must prove control; "the Internet" is the loopback server above.
  process.env.DNS_ZONE_VERIFICATION = "on";
  process.env.DNS_VERIFY_RESOLVERS = `127.0.0.1:${publicDns.port}`;
  server = await startDnsServer(db, { port: 0 });
  resolver = new Resolver({ timeout: 2_000, tries: 1 });
  resolver.setServers([`127.0.0.1:${server.port}`]);
});
afterAll(async () => {
  process.env = { ...saved };
  await Promise.all([server.stop(), publicDns.stop()]);
});

const create = (key: string, domain: string) =>
  createZone(apiRequest("/v1/dns/zones", { method: "POST", key, body: { domain } }));
const verify = (key: string, domain: string) =>
  verifyZone(apiRequest(`/v1/dns/zones/${domain}/verify`, { method: "POST", key }), routeParams({ domain }));
const remove = (key: string, domain: string) =>
  deleteZone(apiRequest(`/v1/dns/zones/${domain}`, { method: "DELETE", key }), routeParams({ domain }));
const addA = (key: string, domain: string, name: string, data: string) =>
  createRecord(
    apiRequest(`/v1/dns/zones/${domain}/records`, { method: "POST", key, body: { type: "A", name, data } }),
    routeParams({ domain }),
  );

describe("claiming a zone", () => {
  it.each([
    ["co.id", /public suffix/],
    ["github.io", /public suffix/],
    ["co.uk", /public suffix/],
    ["example.com", /reserved/],
    ["ns1.bengkel.test", /belongs to this service/],
    ["mail.bengkel.test", /belongs to this service/],
  ])("400 for %s, and nothing is stored", async (domain, message) => {
    const { secret, workspace } = await seedWorkspace(db);
    const res = await create(secret, domain);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: "invalid_request", param: "domain", message });
    const n = (
      await db.select({ n: count() }).from(dnsZones).where(eq(dnsZones.workspaceId, workspace.id)).limit(1)
    )[0]!.n;
    expect(n).toBe(0);
  });

  it("starts pending and unserved; the same name twice in a workspace is 409, another workspace never learns of it", async () => {
    const { secret } = await seedWorkspace(db);
    const res = await create(secret, "Toko-Ayu.test.");
    expect(res.status).toBe(201);
    const zone = (await res.json()).data;
    expect(zone).toMatchObject({ domain: "toko-ayu.test", status: "pending" });
    expect(zone.verification.txt_name).toBe("_bengkel-challenge.toko-ayu.test");
    expect(zone.verification.txt_value).toMatch(/^bengkel-verification=[0-9a-z]{32}$/);
    expect(zone.verification.verified_at).toBeNull();
    // Records may be prepared before the move; none is served while pending.
    expect((await addA(secret, "toko-ayu.test", "www", "192.0.2.80")).status).toBe(201);
    await expect(resolver.resolve4("www.toko-ayu.test")).rejects.toMatchObject({ code: "EREFUSED" });
    await expect(resolver.resolveSoa("toko-ayu.test")).rejects.toMatchObject({ code: "EREFUSED" });

    const again = await create(secret, "toko-ayu.test");
    expect(again.status).toBe(409);
    expect((await again.json()).error).toMatchObject({ code: "conflict", details: { id: zone.id } });

    const { secret: other, workspace: otherWorkspace } = await seedWorkspace(db);
    const theirs = await create(other, "toko-ayu.test");
    expect(theirs.status).toBe(201);
    const body = await theirs.text();
    expect(body).not.toContain(zone.id);
    expect(JSON.parse(body).data).toMatchObject({ status: "pending" });
    expect(JSON.parse(body).data.verification.txt_value).not.toBe(zone.verification.txt_value);
    expect(JSON.parse(body).data.id).not.toBe(zone.id);
    expect(otherWorkspace.id).toBeTruthy();
  });

  it("verify is 409 until the TXT record is published, then the zone is served", async () => {
    const { secret } = await seedWorkspace(db);
    const zone = (await (await create(secret, "txt-proof.test")).json()).data;
    await addA(secret, "txt-proof.test", "www", "192.0.2.81");

    const early = await verify(secret, "txt-proof.test");
    expect(early.status).toBe(409);
    expect((await early.json()).error).toMatchObject({
      code: "invalid_state",
      details: {
        current_status: "pending",
        txt: { name: "_bengkel-challenge.txt-proof.test", expected: zone.verification.txt_value, found: [] },
        delegation: { expected: ["ns1.bengkel.test", "ns2.bengkel.test"], found: [] },
      },
    });
    expect(publicDns.seen).toContain("TXT _bengkel-challenge.txt-proof.test");

    publicDns.records.txt.set("_bengkel-challenge.txt-proof.test", ["unrelated", zone.verification.txt_value]);
    const ok = await verify(secret, "txt-proof.test");
    expect(ok.status).toBe(200);
    const verified = (await ok.json()).data;
    expect(verified).toMatchObject({ status: "active", record_count: 1 });
    expect(Date.parse(verified.verification.verified_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(await resolver.resolve4("www.txt-proof.test")).toEqual(["192.0.2.81"]);
    // Verifying an active zone again changes nothing.
    expect((await (await verify(secret, "txt-proof.test")).json()).data).toEqual(verified);
  });

  it("a TXT proof moves a name another workspace holds; theirs goes back to pending and stops answering", async () => {
    const { secret: first } = await seedWorkspace(db);
    const a = (await (await create(first, "moved.test")).json()).data;
    await addA(first, "moved.test", "@", "192.0.2.1");
    publicDns.records.txt.set("_bengkel-challenge.moved.test", [a.verification.txt_value]);
    expect((await verify(first, "moved.test")).status).toBe(200);
    expect(await resolver.resolve4("moved.test")).toEqual(["192.0.2.1"]);

    const { secret: second } = await seedWorkspace(db);
    const b = (await (await create(second, "moved.test")).json()).data;
    await addA(second, "moved.test", "@", "192.0.2.2");
    expect((await verify(second, "moved.test")).status).toBe(409); // the first owner's proof is not theirs
    publicDns.records.txt.set("_bengkel-challenge.moved.test", [b.verification.txt_value]);
    expect((await verify(second, "moved.test")).status).toBe(200);
    expect(await resolver.resolve4("moved.test")).toEqual(["192.0.2.2"]);
    const listed = (await (await listZones(apiRequest("/v1/dns/zones", { key: first }))).json()).data;
    expect(listed).toMatchObject([{ domain: "moved.test", status: "pending", verification: { verified_at: null } }]);
  });

  it("mailboxes need a verified zone", async () => {
    const { secret } = await seedWorkspace(db);
    await create(secret, "mail-wait.test");
    const mailbox = () =>
      createMailbox(
        apiRequest("/v1/email", {
          method: "POST",
          key: secret,
          body: { address: "ayu@mail-wait.test", password: "a long enough password" },
        }),
      );
    const early = await mailbox();
    expect(early.status).toBe(400);
    expect((await early.json()).error).toMatchObject({ param: "address", message: /workspace's DNS zones/ });
  });
});

describe("DELETE /v1/dns/zones/{domain}", () => {
  it("removes the zone and its records, stops answering; 404 for another workspace or twice", async () => {
    const { secret } = await seedWorkspace(db);
    const zone = (await (await create(secret, "gone.test")).json()).data;
    await addA(secret, "gone.test", "www", "192.0.2.90");
    publicDns.records.txt.set("_bengkel-challenge.gone.test", [zone.verification.txt_value]);
    expect((await verify(secret, "gone.test")).status).toBe(200);
    expect(await resolver.resolve4("www.gone.test")).toEqual(["192.0.2.90"]);

    const { secret: other } = await seedWorkspace(db);
    expect((await remove(other, "gone.test")).status).toBe(404);
    const res = await remove(secret, "GONE.test.");
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ id: zone.id, deleted: true });
    await expect(resolver.resolve4("www.gone.test")).rejects.toMatchObject({ code: "EREFUSED" });
    expect(
      (await db.select({ n: count() }).from(dnsRecords).where(eq(dnsRecords.zoneId, zone.id)).limit(1))[0]!.n,
    ).toBe(0);
    expect((await remove(secret, "gone.test")).status).toBe(404);
    expect((await create(secret, "gone.test")).status).toBe(201);
  });
});
