import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { X509Certificate } from "node:crypto";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDb, seedWorkspace } from "@/test/helpers/test-db";
import { openSmtpClient } from "@/test/helpers/smtp-client";
import { createZone } from "@/lib/infra/dns/manage-dns";
import type { RunningServer } from "@/lib/infra/dns/dns-server";
import type { Db } from "@/lib/db/client";
import { createMailbox, type MailboxRow } from "./manage-mailboxes";
import { startSmtpServer } from "./smtp-server";
import { loadTlsKeyPair, type TlsKeyPair } from "./tls-certificate";

const PASSWORD = "correct horse battery";
const HOSTNAME = "mail.bengkel.test";
let db: Db;
let dir: string;
let friend: MailboxRow;
let tls: TlsKeyPair;
let submission: RunningServer;

beforeAll(async () => {
  ({ db, dir } = await useTestDb());
  process.env.DATA_DIR = dir;
  const { workspace } = await seedWorkspace(db);
  await createZone(db, workspace.id, { domain: "send.test" });
  await createMailbox(db, workspace.id, { address: "me@send.test", password: PASSWORD, quota_mb: 100 });
  friend = await createMailbox(db, workspace.id, { address: "friend@send.test", password: PASSWORD, quota_mb: 100 });
  tls = loadTlsKeyPair({ hostname: HOSTNAME });
  submission = await startSmtpServer(db, { port: 0, mode: "submission", tls });
});
afterAll(async () => {
  await submission.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** nodemailer as a mail client configures it: STARTTLS required, the server's certificate checked by name. */
const client = (user = "me@send.test", pass = PASSWORD) =>
  nodemailer.createTransport({
    host: "127.0.0.1",
    port: submission.port,
    secure: false,
    requireTLS: true,
    auth: { user, pass },
    tls: { ca: tls.cert, servername: HOSTNAME },
  });

const inbox = (id: string) => path.join(dir, "mail", id, "new");
const received = (id: string) => fs.readdirSync(inbox(id)).map((f) => fs.readFileSync(path.join(inbox(id), f), "utf8"));

describe("the self-signed certificate", () => {
  it("is made once into DATA_DIR/tls for SMTP_HOSTNAME (again when it changes), its key owner-only", () => {
    const cert = new X509Certificate(tls.cert);
    expect(cert.subjectAltName).toBe(`DNS:${HOSTNAME}`);
    expect(cert.checkHost(HOSTNAME)).toBe(HOSTNAME);
    expect(cert.verify(cert.publicKey)).toBe(true); // self-signed
    expect(fs.statSync(path.join(dir, "tls", "smtp.key")).mode & 0o777).toBe(0o600);
    expect(loadTlsKeyPair({ hostname: HOSTNAME }).cert.equals(tls.cert)).toBe(true); // not made again

    // A new SMTP_HOSTNAME gets a certificate that names it (in a data folder of its own: the servers here use this one).
    process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-tls-"));
    try {
      const first = loadTlsKeyPair({ hostname: HOSTNAME }).cert;
      const renamed = new X509Certificate(loadTlsKeyPair({ hostname: "mx.renamed.test" }).cert);
      expect(renamed.subjectAltName).toBe("DNS:mx.renamed.test");
      expect(renamed.raw.equals(new X509Certificate(first).raw)).toBe(false);
    } finally {
      fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
      process.env.DATA_DIR = dir;
    }
  });
});

describe("mail submission", () => {
  it("sends over STARTTLS after AUTH with nodemailer; the trace says ESMTPSA (RFC 3848)", async () => {
    const transport = client();
    const info = await transport.sendMail({
      from: "me@send.test",
      to: "friend@send.test",
      subject: "over TLS",
      text: "Sent on the submission port.",
    });
    transport.close();
    expect(info.accepted).toEqual(["friend@send.test"]);
    expect(info.response).toMatch(/^250 2\.6\.0 Delivered to 1 mailbox/);
    const [stored] = received(friend.id);
    expect(stored).toMatch(/\r\nReceived: from \S+ \(\[127\.0\.0\.1\]\) by mail\.bengkel\.test with ESMTPSA id /);
    expect(stored).toContain("Sent on the submission port.");
  });

  it("takes mail from Python's smtplib too: starttls() checking the certificate, login(), send_message()", async () => {
    const cafile = path.join(dir, "tls", "smtp.crt");
    const program = `
import smtplib, ssl, sys
from email.message import EmailMessage
ctx = ssl.create_default_context(cafile=sys.argv[2])
ctx.check_hostname = True
m = EmailMessage()
m["From"], m["To"], m["Subject"] = "me@send.test", "friend@send.test", "from python"
m.set_content("Sent by smtplib.")
s = smtplib.SMTP("127.0.0.1", int(sys.argv[1]), local_hostname="client.test")
s._host = sys.argv[3]  # the name starttls() checks the certificate against
s.starttls(context=ctx)
s.login("me@send.test", sys.argv[4])
s.send_message(m)
print(s.sock.version())
s.quit()
`;
    // Asynchronously: the server answering it runs on this process's event loop.
    const { stdout } = await promisify(execFile)(
      "/usr/bin/python3",
      ["-c", program, String(submission.port), cafile, HOSTNAME, PASSWORD],
      {
        encoding: "utf8",
      },
    );
    expect(stdout.trim()).toMatch(/^TLSv1\.[23]$/);
    const stored = received(friend.id).find((m) => m.includes("Subject: from python"));
    expect(stored).toMatch(/\r\nReceived: .* with ESMTPSA id /);
  });

  it("offers AUTH only after STARTTLS and wants it before MAIL", async () => {
    const raw = openSmtpClient(submission.port);
    expect(await raw.reply()).toMatch(/^220 /);
    const ehlo = await raw.command("EHLO client.test");
    expect(ehlo).toMatch(/\r\n250-STARTTLS\r\n/);
    expect(ehlo).not.toMatch(/AUTH/);
    const plain = `AUTH PLAIN ${Buffer.from(`\0me@send.test\0${PASSWORD}`).toString("base64")}`;
    expect(await raw.command(plain)).toMatch(/^500 5\.5\.2 /); // not offered in clear text
    expect(await raw.command("MAIL FROM:<me@send.test>")).toMatch(/^530 5\.7\.0 /);
    await raw.startTls(tls.cert);
    expect(await raw.command("EHLO client.test")).toMatch(/\r\n250-AUTH LOGIN PLAIN\r\n/);
    expect(await raw.command(plain)).toMatch(/^235 2\.7\.0 /);
    raw.close();

    // A client that will not do TLS cannot log in.
    const cleartext = nodemailer.createTransport({
      host: "127.0.0.1",
      port: submission.port,
      ignoreTLS: true,
      auth: { user: "me@send.test", pass: PASSWORD },
    });
    await expect(
      cleartext.sendMail({ from: "me@send.test", to: "friend@send.test", subject: "clear", text: "x" }),
    ).rejects.toMatchObject({ responseCode: 530, response: "530 5.7.0 Authentication required" });
    cleartext.close();
  });

  it("sends as the signed-in mailbox only, and relays nowhere without a smarthost (5.7.1)", async () => {
    const transport = client();
    await expect(
      transport.sendMail({ from: "friend@send.test", to: "me@send.test", subject: "forged", text: "x" }),
    ).rejects.toMatchObject({ responseCode: 553, response: expect.stringMatching(/^553 5\.7\.1 <friend@send\.test>/) });
    await expect(
      transport.sendMail({ from: "me@send.test", to: "someone@example.org", subject: "out", text: "x" }),
    ).rejects.toMatchObject({
      responseCode: 550,
      response: expect.stringMatching(/^550 5\.7\.1 <someone@example\.org>: relaying denied$/),
    });
    await expect(
      transport.sendMail({ from: "me@send.test", to: "nobody@send.test", subject: "lost", text: "x" }),
    ).rejects.toMatchObject({ response: expect.stringMatching(/^550 5\.1\.1 <nobody@send\.test>/) });
    transport.close();
  });
});
