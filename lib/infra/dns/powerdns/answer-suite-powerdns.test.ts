import { afterAll, beforeAll } from "vitest";
import type { Db } from "@/lib/db/client";
import { config } from "@/lib/config";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { startPowerDns, type RunningPowerDns } from "@/test/helpers/powerdns";
import { createRecord, createZone } from "../manage-dns";
import type { RecordInput } from "../validate-record";
import { runDnsAnswerSuite } from "../testing/answer-suite";
import { powerDnsClient } from "./powerdns-client";
import { pushDueZones } from "./push-due-zones";

/**
 * The answer suite the embedded server passes (answer-suite.test.ts), against PowerDNS Authoritative fed the way
 * production feeds it: zones and records created through Bengkel, then pushed from the outbox over PowerDNS's API.
 */
let db: Db;
let workspaceId: string;
let pdns: RunningPowerDns;
const saved = { ...process.env };

beforeAll(async () => {
  ({ db } = await useTestDb());
  workspaceId = (await seedWorkspace(db)).workspace.id;
});
afterAll(() => {
  process.env = { ...saved };
});

const push = async () => {
  const { failed } = await pushDueZones(db, powerDnsClient());
  if (failed > 0) throw new Error(`${failed} zone push(es) to PowerDNS failed`);
};

runDnsAnswerSuite("PowerDNS fed by Bengkel", {
  start: async () => {
    pdns = await startPowerDns();
    Object.assign(process.env, { DNS_BACKEND: "powerdns", PDNS_API_URL: pdns.apiUrl, PDNS_API_KEY: pdns.apiKey });
    return { host: "127.0.0.1", port: pdns.dnsPort };
  },
  stop: () => pdns.stop(),
  createZone: async (domain) => {
    await createZone(db, workspaceId, { domain });
    await push();
  },
  createRecord: async (domain, record) => {
    await createRecord(db, workspaceId, domain, record as RecordInput & { name: string });
    await push();
  },
  nameservers: config().DNS_NAMESERVERS,
});
