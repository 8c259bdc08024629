import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Resolver } from "node:dns/promises";
import { POST as createZone } from "./route";
import { DELETE as deleteZone } from "./[domain]/route";
import { POST as verifyZone } from "./[domain]/verify/route";
import { POST as createRecord } from "./[domain]/records/route";
import { DELETE as deleteRecord } from "./[domain]/records/[id]/route";
import { apiRequest, routeParams, seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { startPowerDns, type RunningPowerDns } from "@/test/helpers/powerdns";
import { startPublicDns, type PublicDns } from "@/test/helpers/public-dns";
import { powerDnsClient } from "@/lib/infra/dns/powerdns/powerdns-client";
import { pushDueZones } from "@/lib/infra/dns/powerdns/push-due-zones";
import type { Db } from "@/lib/db/client";

let db: Db;
let pdns: RunningPowerDns;
let publicDns: PublicDns;
let resolver: Resolver;
const saved = { ...process.env };

beforeAll(async () => {
  ({ db } = await useTestDb());
  [pdns, publicDns] = await Promise.all([startPowerDns(), startPublicDns()]);
  Object.assign(process.env, {
    DNS_BACKEND: "powerdns",
    PDNS_API_URL: pdns.apiUrl,
    PDNS_API_KEY: pdns.apiKey,
    DNS_ZONE_VERIFICATION: "on",
    DNS_VERIFY_RESOLVERS: `127.0.0.1:${publicDns.port}`,
  });
  resolver = new Resolver({ timeout: 2_000, tries: 1 });
  resolver.setServers([`127.0.0.1:${pdns.dnsPort}`]);
});
afterAll(async () => {
  process.env = { ...saved };
  await Promise.all([pdns?.stop(), publicDns?.stop()]);
});

/** The server's pusher, one tick. */
const push = () => pushDueZones(db, powerDnsClient());

describe("the API with PowerDNS answering (DNS_BACKEND=powerdns)", () => {
  it("add, verify, add records, delete: each step reaches PowerDNS", async () => {
    const { secret: key } = await seedWorkspace(db);
    const domain = "api-pdns.test";
    const created = await createZone(apiRequest("/v1/dns/zones", { method: "POST", key, body: { domain } }));
    expect(created.status).toBe(201);
    const zone = (await created.json()).data;
    const addRecord = (body: Record<string, unknown>) =>
      createRecord(
        apiRequest(`/v1/dns/zones/${domain}/records`, { method: "POST", key, body }),
        routeParams({ domain }),
      );
    const www = (await (await addRecord({ type: "A", name: "www", data: "192.0.2.7" })).json()).data;
    await push();
    // Pending: PowerDNS has not heard of it.
    await expect(resolver.resolve4(`www.${domain}`)).rejects.toMatchObject({ code: "EREFUSED" });

    publicDns.records.txt.set(`_bengkel-challenge.${domain}`, [zone.verification.txt_value]);
    const verified = await verifyZone(
      apiRequest(`/v1/dns/zones/${domain}/verify`, { method: "POST", key }),
      routeParams({ domain }),
    );
    expect((await verified.json()).data.status).toBe("active");
    await push();
    expect(await resolver.resolve4(`www.${domain}`)).toEqual(["192.0.2.7"]);

    await addRecord({ type: "MX", name: "@", data: "mail.api-pdns.test.", priority: 5 });
    const removed = await deleteRecord(
      apiRequest(`/v1/dns/zones/${domain}/records/${www.id}`, { method: "DELETE", key }),
      routeParams({ domain, id: www.id }),
    );
    expect(removed.status).toBe(200);
    await push();
    expect(await resolver.resolveMx(domain)).toEqual([{ exchange: "mail.api-pdns.test", priority: 5 }]);
    await expect(resolver.resolve4(`www.${domain}`)).rejects.toMatchObject({ code: "ENOTFOUND" });

    const gone = await deleteZone(
      apiRequest(`/v1/dns/zones/${domain}`, { method: "DELETE", key }),
      routeParams({ domain }),
    );
    expect(gone.status).toBe(200);
    await push();
    await expect(resolver.resolveSoa(domain)).rejects.toMatchObject({ code: "EREFUSED" });
  });
});
