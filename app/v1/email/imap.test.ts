import fs from "node:fs";
import { ImapFlow } from "imapflow";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as create } from "./route";
import { PATCH as resetPassword } from "./[id]/password/route";
import { POST as createZone } from "@/app/v1/dns/zones/route";
import { apiRequest, routeParams, seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { freePort } from "@/test/helpers/free-port";
import { startSmtpServer } from "@/lib/infra/email/smtp-server";
import { startDovecot, type RunningDovecot } from "@/lib/infra/email/dovecot-server";
import type { RunningServer } from "@/lib/infra/dns/dns-server";
import type { Db } from "@/lib/db/client";

let db: Db;
let dir: string;
let smtp: RunningServer;
let dovecot: RunningDovecot;
beforeAll(async () => {
  ({ db, dir } = await useTestDb());
  process.env.DATA_DIR = dir;
  smtp = await startSmtpServer(db, { port: 0 });
  const [imapPort, pop3Port] = [await freePort(), await freePort()];
  dovecot = await startDovecot(db, { path: "/usr/sbin/dovecot", host: "127.0.0.1", imapPort, pop3Port });
}, 30_000);
afterAll(async () => {
  await Promise.all([smtp?.stop(), dovecot?.stop()]);
  delete process.env.DATA_DIR;
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The INBOX's subjects, or null when IMAP refuses the password. */
async function inboxSubjects(user: string, pass: string): Promise<string[] | null> {
  const client = new ImapFlow({
    host: "127.0.0.1",
    port: dovecot.imapPort,
    secure: false,
    logger: false,
    auth: { user, pass },
  });
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    if ((error as { authenticationFailed?: boolean }).authenticationFailed) return null;
    throw error;
  }
  const subjects: string[] = [];
  await client.mailboxOpen("INBOX");
  for await (const message of client.fetch("1:*", { envelope: true })) subjects.push(message.envelope!.subject!);
  await client.logout();
  return subjects;
}

describe("a mailbox made over the API, read over IMAP", () => {
  it("receives mail, and a generated password replaces the old one for IMAP within a second", async () => {
    const { secret } = await seedWorkspace(db, { scopes: ["infra:read", "infra:write"] });
    const zone = await createZone(
      apiRequest("/v1/dns/zones", { method: "POST", key: secret, body: { domain: "kirim.test" } }),
    );
    expect(zone.status).toBe(201);
    const made = await create(
      apiRequest("/v1/email", {
        method: "POST",
        key: secret,
        body: { address: "ayu@kirim.test", password: "correct horse battery" },
      }),
    );
    expect(made.status).toBe(201);
    const box = (await made.json()).data;

    const transport = nodemailer.createTransport({
      host: "127.0.0.1",
      port: smtp.port,
      secure: false,
      ignoreTLS: true,
    });
    await transport.sendMail({ from: "budi@luar.test", to: "ayu@kirim.test", subject: "Pesanan 42", text: "Siap." });
    transport.close();
    expect(await inboxSubjects("ayu@kirim.test", "correct horse battery")).toEqual(["Pesanan 42"]);

    const reset = await resetPassword(
      apiRequest(`/v1/email/${box.id}/password`, { method: "PATCH", key: secret }),
      routeParams({ id: box.id }),
    );
    const { password } = (await reset.json()).data;
    const resetAt = Date.now();
    // Dovecot looks at its user list at most once per wall-clock second: the next second's first login sees it.
    await new Promise((resolve) => setTimeout(resolve, 1_000 - (resetAt % 1_000) + 20));
    expect(await inboxSubjects("ayu@kirim.test", password)).toEqual(["Pesanan 42"]);
    expect(Date.now() - resetAt).toBeLessThan(1_500);
    expect(await inboxSubjects("ayu@kirim.test", "correct horse battery")).toBeNull();
  }, 30_000);
});
