import fs from "node:fs";
import { readConfig } from "@/lib/config";
import net from "node:net";
import { Resolver } from "node:dns/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startInfraServices, type InfraServices } from "./start-infra-services";
import { createZone, createRecord } from "./dns/manage-dns";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { freePort } from "@/test/helpers/free-port";
import type { Db } from "@/lib/db/client";
import { startPowerDns } from "@/test/helpers/powerdns";
import { dnsPushes } from "@/db/schema";

let db: Db;
let dir: string;
let services: InfraServices | undefined;
beforeAll(async () => {
  ({ db, dir } = await useTestDb());
  process.env.DATA_DIR = dir; // Dovecot's generated files and the self-signed STARTTLS certificate
});
afterAll(() => {
  delete process.env.DATA_DIR;
  fs.rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await services?.stop();
  services = undefined;
});

const banner = (port: number) =>
  new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("data", (chunk) => {
      socket.end();
      resolve(chunk.toString());
    });
    socket.on("error", reject);
  });

describe("startInfraServices", () => {
  it("starts DNS, SMTP (inbound and submission), IMAP, POP3 and S3 on loopback, once per process, and stops them", async () => {
    const [imapPort, pop3Port] = [String(await freePort()), String(await freePort())];
    services = await startInfraServices(
      db,
      readConfig({
        DNS_PORT: "0",
        SMTP_PORT: "0",
        S3_PORT: "0",
        SMTP_SUBMISSION_PORT: "0",
        IMAP_PORT: imapPort,
        POP3_PORT: pop3Port,
        VPS_TICKER: "off",
      }),
    );
    expect(await startInfraServices(db, readConfig({}))).toBe(services);
    const { workspace } = await seedWorkspace(db);
    await createZone(db, workspace.id, { domain: "boot.test" });
    await createRecord(db, workspace.id, "boot.test", { type: "A", name: "@", data: "192.0.2.44" });
    const resolver = new Resolver({ timeout: 2_000, tries: 1 });
    resolver.setServers([`127.0.0.1:${services.dns!.port}`]);
    expect(await resolver.resolve4("boot.test")).toEqual(["192.0.2.44"]);
    expect(await banner(services.smtp!.port)).toMatch(/^220 /);
    expect(await banner(services.submission!.port)).toMatch(/^220 .*submission/);
    expect(await banner(Number(imapPort))).toMatch(/^\* OK /); // RFC 9051's greeting
    expect(await banner(Number(pop3Port))).toMatch(/^\+OK /); // RFC 1939's
    // Unsigned: the S3 endpoint answers in S3's XML, refusing anonymous requests.
    const s3 = await fetch(`http://127.0.0.1:${services.s3!.port}/`);
    expect([s3.status, await s3.text()]).toEqual([403, expect.stringContaining("<Code>AccessDenied</Code>")]);
    const smtpPort = services.smtp!.port;
    await services.stop();
    services = undefined;
    for (const port of [smtpPort, Number(imapPort), Number(pop3Port)])
      await expect(banner(port)).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });

  it("each server can be disabled by env, and a taken port is logged, not fatal", async () => {
    services = await startInfraServices(
      db,
      readConfig({
        DNS_ENABLED: "off",
        SMTP_ENABLED: "false",
        SMTP_SUBMISSION_ENABLED: "off",
        IMAP_ENABLED: "off",
        S3_ENABLED: "no",
        VPS_TICKER: "off",
      }),
    );
    expect(services).toMatchObject({ dns: null, smtp: null, submission: null, imap: null, s3: null });
    await services.stop();
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", () => r()));
    const taken = (blocker.address() as net.AddressInfo).port;
    services = await startInfraServices(
      db,
      readConfig({
        DNS_ENABLED: "off",
        SMTP_PORT: String(taken),
        SMTP_SUBMISSION_PORT: "0",
        IMAP_PORT: String(taken),
        POP3_PORT: String(await freePort()),
        S3_ENABLED: "off",
        VPS_TICKER: "off",
      }),
    );
    expect(services).toMatchObject({ smtp: null, imap: null });
    await new Promise<void>((r) => blocker.close(() => r()));
  });

  it("with DNS_BACKEND=powerdns, runs the pusher instead of the DNS server: a new record reaches PowerDNS", async () => {
    const pdns = await startPowerDns();
    const saved = { ...process.env };
    try {
      const env = { DNS_BACKEND: "powerdns", PDNS_API_URL: pdns.apiUrl, PDNS_API_KEY: pdns.apiKey };
      Object.assign(process.env, env); // the change itself reads the backend to queue the push
      services = await startInfraServices(
        db,
        readConfig({
          ...env,
          SMTP_ENABLED: "off",
          SMTP_SUBMISSION_ENABLED: "off",
          IMAP_ENABLED: "off",
          S3_ENABLED: "off",
          VPS_TICKER: "off",
        }),
      );
      expect(services.dns).toBeNull();
      const { workspace } = await seedWorkspace(db);
      await createZone(db, workspace.id, { domain: "pushed.test" });
      await createRecord(db, workspace.id, "pushed.test", { type: "A", name: "@", data: "192.0.2.45" });
      // The pusher polls every 0.5 s: wait until it has emptied the outbox.
      const started = Date.now();
      const queued = async () => (await db.select().from(dnsPushes)).length;
      while ((await queued()) && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 50));
      expect(await queued()).toBe(0);
      console.info(`the pusher emptied the outbox within ${Date.now() - started} ms`);
      const resolver = new Resolver({ timeout: 1_000, tries: 1 });
      resolver.setServers([`127.0.0.1:${pdns.dnsPort}`]);
      expect(await resolver.resolve4("pushed.test")).toEqual(["192.0.2.45"]);
    } finally {
      process.env = saved;
      await services?.stop();
      services = undefined;
      await pdns.stop();
    }
  });

  it("without Dovecot installed, says so in one line and runs the rest", async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    try {
      services = await startInfraServices(
        db,
        readConfig({
          DNS_ENABLED: "off",
          SMTP_PORT: "0",
          SMTP_SUBMISSION_PORT: "0",
          DOVECOT_PATH: "/nonexistent/dovecot",
          S3_ENABLED: "off",
          VPS_TICKER: "off",
        }),
      );
    } finally {
      spy.mockRestore();
    }
    expect(services.imap).toBeNull();
    expect(services.smtp).not.toBeNull();
    expect(lines.map((line) => JSON.parse(line).message)).toContain(
      "Dovecot is not installed (/nonexistent/dovecot); IMAP and POP3 are off. On Debian: apt install dovecot-imapd dovecot-pop3d",
    );
  });

  it("queues to a smarthost only when SMTP_SMARTHOST is an smtp(s) URL", async () => {
    expect(() => readConfig({ SMTP_SMARTHOST: "http://relay.example.net" })).toThrow(/SMTP_SMARTHOST/);
    const settings = readConfig({
      DNS_ENABLED: "off",
      SMTP_PORT: "0",
      SMTP_SUBMISSION_PORT: "0",
      IMAP_ENABLED: "off",
      SMTP_SMARTHOST: "smtp://relay:secret@127.0.0.1:9",
      S3_ENABLED: "off",
      VPS_TICKER: "off",
    });
    services = await startInfraServices(db, settings);
    expect(services.submission).not.toBeNull();
    await services.stop(); // the queue worker stops with the servers
    services = undefined;
  });
});
