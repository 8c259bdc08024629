import { readConfig } from "@/lib/config";
import net from "node:net";
import { Resolver } from "node:dns/promises";
import fs from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startInfraServices, type InfraServices } from "./start-infra-services";
import { createZone, createRecord } from "./dns/manage-dns";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import type { Db } from "@/lib/db/client";

let db: Db;
let dir: string;
let services: InfraServices | undefined;
beforeAll(() => {
  ({ db, dir } = useTestDb());
  process.env.DATA_DIR = dir; // the self-signed STARTTLS certificate is made there
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
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
      readConfig({ DNS_PORT: "0", SMTP_PORT: "0", SMTP_SUBMISSION_PORT: "0", VPS_TICKER: "off" }),
    );
    expect(await startInfraServices(db, readConfig({}))).toBe(services);
    const { workspace } = seedWorkspace(db);
    createZone(db, workspace.id, { domain: "boot.test" });
    createRecord(db, workspace.id, "boot.test", { type: "A", name: "@", data: "192.0.2.44" });
    const resolver = new Resolver({ timeout: 2_000, tries: 1 });
    resolver.setServers([`127.0.0.1:${services.dns!.port}`]);
    expect(await resolver.resolve4("boot.test")).toEqual(["192.0.2.44"]);
    expect(await smtpBanner(services.smtp!.port)).toMatch(/^220 /);
    expect(await smtpBanner(services.submission!.port)).toMatch(/^220 .*submission/);
    const smtpPort = services.smtp!.port;
    await services.stop();
    services = undefined;
    await expect(smtpBanner(smtpPort)).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });

  it("each server can be disabled by env, and a taken port is logged, not fatal", async () => {
    services = await startInfraServices(
      db,
      readConfig({ DNS_ENABLED: "off", SMTP_ENABLED: "false", SMTP_SUBMISSION_ENABLED: "off", VPS_TICKER: "off" }),
    );
    expect(services).toMatchObject({ dns: null, smtp: null, submission: null });
    await services.stop();
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", () => r()));
    const taken = (blocker.address() as net.AddressInfo).port;
    services = await startInfraServices(
      db,
      readConfig({ DNS_ENABLED: "off", SMTP_PORT: String(taken), SMTP_SUBMISSION_PORT: "0", VPS_TICKER: "off" }),
    );
    expect(services.smtp).toBeNull();
    await new Promise<void>((r) => blocker.close(() => r()));
  });

  it("queues to a smarthost only when SMTP_SMARTHOST is an smtp(s) URL", async () => {
    expect(() => readConfig({ SMTP_SMARTHOST: "http://relay.example.net" })).toThrow(/SMTP_SMARTHOST/);
    const settings = readConfig({
      DNS_ENABLED: "off",
      SMTP_PORT: "0",
      SMTP_SUBMISSION_PORT: "0",
      SMTP_SMARTHOST: "smtp://relay:secret@127.0.0.1:9",
      VPS_TICKER: "off",
    });
    services = await startInfraServices(db, settings);
    expect(services.submission).not.toBeNull();
    await services.stop(); // the queue worker stops with the servers
    services = undefined;
  });
});
