import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { isDomainError } from "@/lib/errors";
import { readConfig } from "@/lib/config";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { startPublicDns, type PublicDns } from "@/test/helpers/public-dns";
import { createZone, getZone } from "./manage-dns";
import { verifyZone } from "./zone-lifecycle";
import { resolverProbe, type ZoneProbe } from "./zone-probe";

let db: Db;
let publicDns: PublicDns;
let probe: ZoneProbe;
const saved = { ...process.env };

beforeAll(async () => {
  ({ db } = await useTestDb());
  process.env.DNS_ZONE_VERIFICATION = "on";
  publicDns = await startPublicDns();
  // The parent of every *.test zone here: "test", served by a.nic.test, which is the loopback server itself.
  publicDns.records.ns.set("test", ["a.nic.test"]);
  publicDns.records.a.set("a.nic.test", ["127.0.0.1"]);
  probe = resolverProbe({
    resolvers: [`127.0.0.1:${publicDns.port}`],
    parentPort: publicDns.port,
    timeoutMs: 1_000,
  });
});
afterAll(async () => {
  process.env = { ...saved };
  await publicDns.stop();
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error) => (isDomainError(error) ? { code: error.code, details: error.details } : error),
  );

describe("verification by delegation", () => {
  it("reads the parent's referral, not a resolver's answer", async () => {
    publicDns.delegations.set("delegated.test", ["NS1.bengkel.test.", "ns2.bengkel.test"]);
    expect(await probe.delegation("delegated.test")).toEqual(["ns1.bengkel.test", "ns2.bengkel.test"]);
    expect(publicDns.seen).toEqual(expect.arrayContaining(["NS test", "A a.nic.test", "NS delegated.test"]));
    expect(await probe.delegation("not-delegated.test")).toEqual([]);
  });

  it("activates a zone the parent delegates to our nameservers", async () => {
    const { workspace } = await seedWorkspace(db);
    await createZone(db, workspace.id, { domain: "deleg-ok.test" });
    publicDns.delegations.set("deleg-ok.test", ["ns1.bengkel.test", "ns2.bengkel.test"]);
    const zone = await verifyZone(db, workspace.id, "deleg-ok.test", probe);
    expect(zone.status).toBe("active");
    expect((await getZone(db, workspace.id, "deleg-ok.test")).status).toBe("active");
  });

  it("a delegation that also names another host's nameservers does not verify", async () => {
    const { workspace } = await seedWorkspace(db);
    await createZone(db, workspace.id, { domain: "deleg-mixed.test" });
    publicDns.delegations.set("deleg-mixed.test", ["ns1.bengkel.test", "ns.other-host.test"]);
    expect(await failure(verifyZone(db, workspace.id, "deleg-mixed.test", probe))).toMatchObject({
      code: "invalid_state",
      details: { delegation: { found: ["ns1.bengkel.test", "ns.other-host.test"] } },
    });
  });

  it("with two claimants a delegation is not enough: the TXT record decides", async () => {
    const { workspace: squatter } = await seedWorkspace(db);
    const { workspace: owner } = await seedWorkspace(db);
    await createZone(db, squatter.id, { domain: "claimed.test" });
    const mine = await createZone(db, owner.id, { domain: "claimed.test" });
    publicDns.delegations.set("claimed.test", ["ns1.bengkel.test", "ns2.bengkel.test"]);
    for (const ws of [squatter, owner])
      expect(await failure(verifyZone(db, ws.id, "claimed.test", probe))).toMatchObject({ code: "invalid_state" });
    // The owner publishes its challenge at the domain's DNS host of the moment (here the loopback "Internet").
    publicDns.delegations.delete("claimed.test");
    publicDns.records.txt.set("_bengkel-challenge.claimed.test", [`bengkel-verification=${mine.verificationToken}`]);
    expect((await verifyZone(db, owner.id, "claimed.test", probe)).status).toBe("active");
    expect((await getZone(db, squatter.id, "claimed.test")).status).toBe("pending");
  });
});

describe("subdomain zones", () => {
  it("a subdomain of a zone the workspace serves verifies at once; under another workspace's it needs proof", async () => {
    const { workspace: owner } = await seedWorkspace(db);
    const { workspace: neighbour } = await seedWorkspace(db);
    await createZone(db, owner.id, { domain: "parent-owned.test" });
    publicDns.delegations.set("parent-owned.test", ["ns1.bengkel.test", "ns2.bengkel.test"]);
    expect((await verifyZone(db, owner.id, "parent-owned.test", probe)).status).toBe("active");

    await createZone(db, owner.id, { domain: "shop.parent-owned.test" });
    await createZone(db, neighbour.id, { domain: "blog.parent-owned.test" });
    const seenBefore = publicDns.seen.length;
    expect((await verifyZone(db, owner.id, "shop.parent-owned.test", probe)).status).toBe("active");
    expect(publicDns.seen.length).toBe(seenBefore); // decided from the database alone
    expect(await failure(verifyZone(db, neighbour.id, "blog.parent-owned.test", probe))).toMatchObject({
      code: "invalid_state",
    });
  });
});

describe("DNS_VERIFY_RESOLVERS", () => {
  it("takes addresses with optional ports, as node's Resolver does, and refuses anything else at start", () => {
    const servers = "192.0.2.53, 127.0.0.1:5399,2001:db8::53,[2001:db8::54]:53";
    expect(readConfig({ DNS_VERIFY_RESOLVERS: servers }).DNS_VERIFY_RESOLVERS).toEqual([
      "192.0.2.53",
      "127.0.0.1:5399",
      "2001:db8::53",
      "[2001:db8::54]:53",
    ]);
    expect(() =>
      resolverProbe({ resolvers: readConfig({ DNS_VERIFY_RESOLVERS: servers }).DNS_VERIFY_RESOLVERS }),
    ).not.toThrow();
    for (const bad of ["dns.google", "300.1.1.1", "127.0.0.1:port"])
      expect(() => readConfig({ DNS_VERIFY_RESOLVERS: bad })).toThrow(/DNS_VERIFY_RESOLVERS/);
    expect(readConfig({}).DNS_VERIFY_RESOLVERS).toEqual([]);
  });
});
