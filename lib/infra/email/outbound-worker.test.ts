import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDb, seedWorkspace } from "@/test/helpers/test-db";
import { createZone } from "@/lib/infra/dns/manage-dns";
import type { RunningServer } from "@/lib/infra/dns/dns-server";
import type { Db } from "@/lib/db/client";
import { emailOutbound } from "@/db/schema";
import { createMailbox, type MailboxRow } from "./manage-mailboxes";
import { startSmtpServer } from "./smtp-server";
import { loadTlsKeyPair, type TlsKeyPair } from "./tls-certificate";
import { outboundPath, outboundRelay } from "./outbound-queue";
import { OUTBOUND_RETRY_MS, sendDueMail, smarthostTransport } from "./outbound-worker";

const PASSWORD = "correct horse battery";
let db: Db;
let dir: string;
let me: MailboxRow;
let tls: TlsKeyPair;
let submission: RunningServer;

/** A real SMTP server standing in for the provider's smarthost: it wants AUTH and answers as scripted. */
const relayed: { from: string; to: string[]; data: string }[] = [];
const answers: (number | "ok")[] = [];
const smarthost = new SMTPServer({
  authOptional: false,
  allowInsecureAuth: true, // loopback only, in this test
  disabledCommands: ["STARTTLS"],
  logger: false,
  onAuth: (auth, _session, callback) =>
    auth.username === "relay" && auth.password === "relay secret"
      ? callback(null, { user: "relay" })
      : callback(Object.assign(new Error("5.7.8 no"), { responseCode: 535 })),
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      const answer = answers.shift() ?? "ok";
      if (answer !== "ok")
        return callback(Object.assign(new Error(`${answer / 100}.0.0 scripted`), { responseCode: answer }));
      relayed.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        to: session.envelope.rcptTo.map((r) => r.address),
        data: Buffer.concat(chunks).toString(),
      });
      callback();
    });
  },
});
let smarthostUrl: string;

beforeAll(async () => {
  ({ db, dir } = await useTestDb());
  process.env.DATA_DIR = dir;
  const { workspace } = await seedWorkspace(db);
  await createZone(db, workspace.id, { domain: "out.test" });
  me = await createMailbox(db, workspace.id, { address: "me@out.test", password: PASSWORD, quota_mb: 10 });
  tls = loadTlsKeyPair({ hostname: "mail.bengkel.test" });
  submission = await startSmtpServer(db, { port: 0, mode: "submission", tls, relay: outboundRelay(db) });
  await new Promise<void>((resolve) => smarthost.listen(0, "127.0.0.1", resolve));
  const { port } = smarthost.server.address() as { port: number };
  smarthostUrl = `smtp://relay:${encodeURIComponent("relay secret")}@127.0.0.1:${port}`;
});
afterAll(async () => {
  await submission.stop();
  await new Promise<void>((resolve) => smarthost.close(() => resolve()));
  fs.rmSync(dir, { recursive: true, force: true });
});

async function submit(to: string[], subject: string) {
  const client = nodemailer.createTransport({
    host: "127.0.0.1",
    port: submission.port,
    requireTLS: true,
    auth: { user: "me@out.test", pass: PASSWORD },
    tls: { ca: tls.cert, servername: "mail.bengkel.test" },
  });
  const info = await client.sendMail({ from: "me@out.test", to, subject, text: `Body of ${subject}.` });
  client.close();
  return info;
}

const row = async (id: string) => (await db.select().from(emailOutbound).where(eq(emailOutbound.id, id)).limit(1))[0]!;
const lastQueued = async () => (await db.select().from(emailOutbound)).at(-1)!;

describe("the smarthost queue", () => {
  it("queues mail for other domains durably, retries a 4xx on schedule, then relays it with AUTH", async () => {
    const info = await submit(["someone@example.org", "me@out.test"], "hello world");
    expect(info.response).toBe("250 2.6.0 Delivered to 1 mailbox, queued for 1 remote recipient");
    const queued = await lastQueued();
    expect(queued).toMatchObject({ status: "queued", attempts: 0, mailFrom: "me@out.test" });
    expect(JSON.parse(queued.rcptTo)).toEqual(["someone@example.org"]);
    expect(fs.statSync(outboundPath(queued.id)).size).toBe(queued.sizeBytes);

    const transport = smarthostTransport(smarthostUrl);
    const t0 = new Date();
    answers.push(451);
    expect(await sendDueMail(db, transport, t0)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await row(queued.id)).toMatchObject({
      status: "queued",
      attempts: 1,
      lastError: expect.stringMatching(/^451 /),
    });
    expect((await row(queued.id)).nextAttemptAt.getTime()).toBe(t0.getTime() + OUTBOUND_RETRY_MS[0]);
    // Not due before its time.
    expect(await sendDueMail(db, transport, new Date(t0.getTime() + OUTBOUND_RETRY_MS[0] - 1))).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    const later = new Date(t0.getTime() + OUTBOUND_RETRY_MS[0]);
    expect(await sendDueMail(db, transport, later)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    transport.close();

    expect(relayed).toHaveLength(1);
    expect(relayed[0]).toMatchObject({ from: "me@out.test", to: ["someone@example.org"] });
    expect(relayed[0].data).toMatch(/^Received: from \S+ \(\[127\.0\.0\.1\]\) by mail\.bengkel\.test with ESMTPSA /);
    expect(relayed[0].data).toContain("Body of hello world.");
    expect(relayed[0].data).not.toContain("Delivered-To:"); // a final-delivery header, not for a relayed copy
    expect(await row(queued.id)).toMatchObject({ status: "sent", finishedAt: later });
    expect(fs.existsSync(outboundPath(queued.id))).toBe(false);
  });

  it("gives up at once on a 5xx and leaves a notice in the sender's mailbox", async () => {
    await submit(["bounce@example.org"], "doomed");
    const queued = await lastQueued();
    // Wrong smarthost credentials are the operator's to fix: retried, not bounced.
    const misconfigured = smarthostTransport(smarthostUrl.replace("secret", "typo"));
    expect(await sendDueMail(db, misconfigured, new Date())).toEqual({ sent: 0, retrying: 1, failed: 0 });
    misconfigured.close();
    expect((await row(queued.id)).lastError).toMatch(/^535 /);
    await db.update(emailOutbound).set({ nextAttemptAt: new Date() }).where(eq(emailOutbound.id, queued.id));

    const transport = smarthostTransport(smarthostUrl);
    answers.push(550);
    expect(await sendDueMail(db, transport, new Date())).toEqual({ sent: 0, retrying: 0, failed: 1 });
    transport.close();
    expect(await row(queued.id)).toMatchObject({
      status: "failed",
      attempts: 2,
      lastError: expect.stringMatching(/^550 /),
    });
    expect(fs.existsSync(outboundPath(queued.id))).toBe(false);
    const inbox = path.join(dir, "mail", me.id, "new");
    const notices = fs
      .readdirSync(inbox)
      .map((f) => fs.readFileSync(path.join(inbox, f), "utf8"))
      .filter((m) => m.includes("Subject: Undelivered mail returned to sender"));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(`Your message (${queued.id}) to bounce@example.org could not be delivered.`);
  });
});
