import { beforeAll } from "vitest";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { createRecord, createZone } from "./manage-dns";
import { startDnsServer, type RunningServer } from "./dns-server";
import type { RecordInput } from "./validate-record";
import { runDnsAnswerSuite } from "./testing/answer-suite";

let db: Db;
let workspaceId: string;
let server: RunningServer;
beforeAll(async () => {
  ({ db } = await useTestDb());
  workspaceId = (await seedWorkspace(db)).workspace.id;
});

runDnsAnswerSuite("the embedded server", {
  start: async () => {
    server = await startDnsServer(db, { port: 0 });
    return { host: "127.0.0.1", port: server.port };
  },
  stop: () => server.stop(),
  createZone: async (domain) => {
    await createZone(db, workspaceId, { domain });
  },
  createRecord: async (domain, record) => {
    await createRecord(db, workspaceId, domain, record as RecordInput & { name: string });
  },
  nameservers: config().DNS_NAMESERVERS,
});
