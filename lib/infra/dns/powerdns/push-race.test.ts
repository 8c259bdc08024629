import { afterAll, beforeAll, expect, it } from "vitest";
import { Resolver } from "node:dns/promises";
import type { Db } from "@/lib/db/client";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { startPowerDns, type RunningPowerDns } from "@/test/helpers/powerdns";
import { createRecord, createZone } from "../manage-dns";
import { powerDnsClient, type PowerDnsClient } from "./powerdns-client";
import { pushDueZones } from "./push-due-zones";

let db: Db;
let pdns: RunningPowerDns;
let client: PowerDnsClient;
let resolver: Resolver;
let workspaceId: string;
const saved = { ...process.env };

beforeAll(async () => {
  ({ db } = await useTestDb());
  pdns = await startPowerDns();
  Object.assign(process.env, { DNS_BACKEND: "powerdns", PDNS_API_URL: pdns.apiUrl, PDNS_API_KEY: pdns.apiKey });
  client = powerDnsClient({ timeoutMs: 2_000 });
  resolver = new Resolver({ timeout: 2_000, tries: 1 });
  resolver.setServers([`127.0.0.1:${pdns.dnsPort}`]);
  workspaceId = (await seedWorkspace(db)).workspace.id;
});
afterAll(async () => {
  process.env = { ...saved };
  await pdns?.stop();
});

// Two instances' pushers (run on PostgreSQL too: npm run test:postgres) racing on one zone: the first has read the
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
