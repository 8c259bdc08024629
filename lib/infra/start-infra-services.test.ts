import { readConfig } from "@/lib/config";
import net from "node:net";
import { Resolver } from "node:dns/promises";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { startInfraServices, type InfraServices } from "./start-infra-services";
import { createZone, createRecord } from "./dns/manage-dns";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import type { Db } from "@/lib/db/client";

let db: Db;
let services: InfraServices | undefined;
beforeAll(() => {
  ({ db } = useTestDb());
});
afterEach(async () => {
  await services?.stop();
  services = undefined;
});

const smtpBanner = (port: number) =>
  new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("data", (chunk) => {
      socket.end();
      resolve(chunk.toString());
    });
    socket.on("error", reject);
  });

describe("startInfraServices", () => {
  it("starts DNS and SMTP on loopback, once per process, and stops them", async () => {
    services = await startInfraServices(
      db,
      readConfig({ DNS_PORT: "0", SMTP_PORT: "0", S3_PORT: "0", VPS_TICKER: "off" }),
    );
    expect(await startInfraServices(db, readConfig({}))).toBe(services);
    const { workspace } = seedWorkspace(db);
    createZone(db, workspace.id, { domain: "boot.test" });
    createRecord(db, workspace.id, "boot.test", { type: "A", name: "@", data: "192.0.2.44" });
    const resolver = new Resolver({ timeout: 2_000, tries: 1 });
    resolver.setServers([`127.0.0.1:${services.dns!.port}`]);
    expect(await resolver.resolve4("boot.test")).toEqual(["192.0.2.44"]);
    expect(await smtpBanner(services.smtp!.port)).toMatch(/^220 /);
    // Unsigned: the S3 endpoint answers in S3's XML, refusing anonymous requests.
    const s3 = await fetch(`http://127.0.0.1:${services.s3!.port}/`);
    expect([s3.status, await s3.text()]).toEqual([403, expect.stringContaining("<Code>AccessDenied</Code>")]);
    const smtpPort = services.smtp!.port;
    await services.stop();
    services = undefined;
    await expect(smtpBanner(smtpPort)).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });

  it("each server can be disabled by env, and a taken port is logged, not fatal", async () => {
    services = await startInfraServices(
      db,
      readConfig({ DNS_ENABLED: "off", SMTP_ENABLED: "false", S3_ENABLED: "no", VPS_TICKER: "off" }),
    );
    expect(services).toMatchObject({ dns: null, smtp: null, s3: null });
    await services.stop();
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", () => r()));
    const taken = (blocker.address() as net.AddressInfo).port;
    services = await startInfraServices(
      db,
      readConfig({ DNS_ENABLED: "off", SMTP_PORT: String(taken), S3_ENABLED: "off", VPS_TICKER: "off" }),
    );
    expect(services.smtp).toBeNull();
    await new Promise<void>((r) => blocker.close(() => r()));
  });
});
