import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ImapFlow } from "imapflow";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { freePort } from "@/test/helpers/free-port";
import { createZone } from "@/lib/infra/dns/manage-dns";
import type { RunningServer } from "@/lib/infra/dns/dns-server";
import type { Db } from "@/lib/db/client";
import { createMailbox, deleteMailbox, getMailbox, resetMailboxPassword, type MailboxRow } from "./manage-mailboxes";
import { maildirPath } from "./maildir";
import { dovecotPaths } from "./dovecot-config";
import { startSmtpServer } from "./smtp-server";
import { mailEvent, startDovecot, type RunningDovecot } from "./dovecot-server";

const PASSWORD = "correct horse battery";
const QUOTA_MB = 2;
let db: Db;
let dir: string;
let workspaceId: string;
let box: MailboxRow;
let dovecot: RunningDovecot;
let smtp: RunningServer;

beforeAll(async () => {
  ({ db, dir } = await useTestDb());
  process.env.DATA_DIR = dir;
  workspaceId = (await seedWorkspace(db)).workspace.id;
  await createZone(db, workspaceId, { domain: "read.test" });
  box = await createMailbox(db, workspaceId, { address: "ayu@read.test", password: PASSWORD, quota_mb: QUOTA_MB });
  dovecot = await startDovecot(db, {
    path: "/usr/sbin/dovecot",
    host: "127.0.0.1",
    imapPort: await freePort(),
    pop3Port: await freePort(),
  });
  smtp = await startSmtpServer(db, { port: 0 });
}, 30_000);
afterAll(async () => {
  await Promise.all([dovecot?.stop(), smtp?.stop()]);
  delete process.env.DATA_DIR;
  fs.rmSync(dir, { recursive: true, force: true });
});

async function send(to: string, subject: string, text: string) {
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true });
  await transport.sendMail({ from: "budi@elsewhere.test", to, subject, text });
  transport.close();
}

async function imapLogin(user: string, pass: string): Promise<ImapFlow> {
  const client = new ImapFlow({
    host: "127.0.0.1",
    port: dovecot.imapPort,
    secure: false,
    logger: false,
    auth: { user, pass },
  });
  client.on("error", () => {}); // a refused login also closes the socket; connect() rejects with the reason
  await client.connect();
  return client;
}

/** Whether IMAP accepts the password (a refusal takes Dovecot's 2 s failure delay). */
async function imapAccepts(user: string, pass: string): Promise<boolean> {
  try {
    await (await imapLogin(user, pass)).logout();
    return true;
  } catch (error) {
    if ((error as { authenticationFailed?: boolean }).authenticationFailed) return false;
    throw error;
  }
}

/**
 * Dovecot looks at its passwd-file at most once per wall-clock second (its auth loop's clock), so a change is
 * seen by the first login of the next second: waits for it and answers how long that was (≤ 1000 ms).
 */
async function nextSecond(): Promise<number> {
  const wait = 1_000 - (Date.now() % 1_000) + 20;
  await new Promise((resolve) => setTimeout(resolve, wait));
  return Math.min(wait, 1_000);
}

/** Python's imaplib and poplib, the standard library's clients, as a second opinion. */
function python(script: string, env: Record<string, string>) {
  const out = execFileSync("/usr/bin/python3", ["-c", script], { env: { ...process.env, ...env } });
  return JSON.parse(out.toString());
}

const inboxFiles = () =>
  ["new", "cur"].flatMap((sub) =>
    fs.readdirSync(path.join(maildirPath(box.id), sub)).map((name) => path.join(maildirPath(box.id), sub, name)),
  );

describe("IMAP and POP3 through Dovecot", () => {
  it("reads with IMAP (imapflow) what the SMTP server delivered, with the usual folders", async () => {
    // A few kilobytes, so the quota's 1024-octet units show.
    await send("ayu@read.test", "Penawaran bracket", `Halo Ayu,\nharga terlampir.\n${"Baris rincian.\n".repeat(300)}`);
    const before = Date.now();
    const client = await imapLogin("AYU@read.test", PASSWORD); // user names are case-insensitive, like addresses
    try {
      const lock = await client.getMailboxLock("INBOX");
      try {
        const messages = [];
        for await (const message of client.fetch("1:*", { envelope: true, source: true })) messages.push(message);
        expect(messages).toHaveLength(1);
        const [message] = messages;
        expect(message.envelope?.subject).toBe("Penawaran bracket");
        expect(message.envelope?.from?.[0].address).toBe("budi@elsewhere.test");
        expect(message.source?.toString()).toContain("harga terlampir.");
      } finally {
        lock.release();
      }
      const folders = await client.list();
      const special = Object.fromEntries(folders.map((f) => [f.specialUse, f.path]));
      expect(special).toMatchObject({ "\\Sent": "Sent", "\\Drafts": "Drafts", "\\Trash": "Trash", "\\Junk": "Junk" });
    } finally {
      await client.logout();
    }
    // The dashboard's "Last login" counts IMAP and POP3 logins too (from Dovecot's log, a moment later).
    await expect
      .poll(async () => (await getMailbox(db, workspaceId, box.id)).lastLoginAt?.getTime() ?? 0)
      .toBeGreaterThanOrEqual(before);
  });

  it("reports the mailbox's quota to IMAP clients and the exact message sizes to POP3 (Python)", async () => {
    const files = inboxFiles();
    const bytes = files.reduce((sum, file) => sum + fs.statSync(file).size, 0);
    const answer = python(
      `
import imaplib, json, os, poplib
m = imaplib.IMAP4("127.0.0.1", int(os.environ["IMAP"]))
m.login(os.environ["MAIL_USER"], os.environ["PASS"])
m.select("INBOX")
typ, quota = m.getquotaroot("INBOX")
m.logout()
p = poplib.POP3("127.0.0.1", int(os.environ["POP3"]))
p.user(os.environ["MAIL_USER"])
p.pass_(os.environ["PASS"])
count, octets = p.stat()
p.quit()
print(json.dumps({"quota": [q.decode() for q in quota[1]], "count": count, "octets": octets}))
`,
      { IMAP: String(dovecot.imapPort), POP3: String(dovecot.pop3Port), MAIL_USER: "ayu@read.test", PASS: PASSWORD },
    );
    // RFC 9208: STORAGE is in units of 1024 octets (a unit begun counts whole); the limit is the quota in MB.
    const [, used, limit] = answer.quota[0].match(/\(STORAGE (\d+) (\d+)\)/)!.map(Number);
    expect(limit).toBe(QUOTA_MB * 1024);
    expect(used).toBe(Math.ceil(bytes / 1024));
    // RFC 1939: STAT answers the number of messages and their exact size in octets (maildir keeps CRLF as sent).
    expect(answer).toMatchObject({ count: files.length, octets: bytes });
  });

  it("what IMAP expunges or saves shows in the mailbox's use once the session ends", async () => {
    const sent = "From: ayu@read.test\r\nTo: budi@elsewhere.test\r\nSubject: Balasan\r\n\r\nTerima kasih.\r\n";
    const client = await imapLogin("ayu@read.test", PASSWORD);
    try {
      await client.append("Sent", sent, ["\\Seen"]); // what Thunderbird does after sending
      const lock = await client.getMailboxLock("INBOX");
      try {
        await client.messageDelete("1:*");
      } finally {
        lock.release();
      }
    } finally {
      await client.logout();
    }
    // The INBOX is empty; the one message left is the one saved to Sent, as Dovecot stores it: with bare LF line
    // ends (its mail_save_crlf = no default).
    await expect
      .poll(async () => await getMailbox(db, workspaceId, box.id))
      .toMatchObject({
        usedBytes: Buffer.byteLength(sent.replace(/\r\n/g, "\n")),
        messageCount: 1,
      });
  });

  it("a password reset reaches IMAP within a second; the old password stops working", async () => {
    const first = "kunci baru pertama 1";
    const second = "kunci baru kedua 22";
    await resetMailboxPassword(db, workspaceId, box.id, first);
    const afterFirst = await nextSecond();
    expect(await imapAccepts("ayu@read.test", first)).toBe(true);
    // A second reset within the same wall-clock second as that login, with a hash of the very same length.
    await resetMailboxPassword(db, workspaceId, box.id, second);
    const afterSecond = await nextSecond();
    expect(await imapAccepts("ayu@read.test", second)).toBe(true);
    expect(Math.max(afterFirst, afterSecond)).toBeLessThanOrEqual(1_000);
    expect(await imapAccepts("ayu@read.test", first)).toBe(false);
    expect(await imapAccepts("ayu@read.test", PASSWORD)).toBe(false);
  }, 20_000);

  it("a new mailbox can log in within a second; a deleted one cannot", async () => {
    const other = await createMailbox(db, workspaceId, { address: "ops@read.test", password: PASSWORD, quota_mb: 5 });
    await nextSecond();
    expect(await imapAccepts("ops@read.test", PASSWORD)).toBe(true);
    await deleteMailbox(db, workspaceId, other.id);
    await nextSecond();
    expect(await imapAccepts("ops@read.test", PASSWORD)).toBe(false);
  }, 20_000);

  it("follows mailboxes another app instance created (several machines, one mail host) within 5 s", async () => {
    const { users } = dovecotPaths();
    const before = fs.readFileSync(users, "utf8");
    await createMailbox(db, workspaceId, { address: "far@read.test", password: PASSWORD, quota_mb: 5 });
    // As if an instance without IMAP had made it: its database row exists, this host's list has not seen it.
    fs.writeFileSync(users, before);
    const deadline = Date.now() + 7_000;
    while (!fs.readFileSync(users, "utf8").includes("far@read.test") && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fs.readFileSync(users, "utf8")).toContain("far@read.test");
    await nextSecond();
    expect(await imapAccepts("far@read.test", PASSWORD)).toBe(true);
  }, 20_000);
});

describe("mailEvent", () => {
  it("reads logins and session ends from Dovecot's log lines, and nothing else", () => {
    // Lines as Dovecot 2.3 writes them (its default login_log_format_elements and log prefixes).
    const login =
      "Nov 25 14:58:50 imap-login: Info: Login: user=<ayu@read.test>, method=PLAIN, rip=127.0.0.1, lip=127.0.0.1, mpid=22546, secured, session=<KrmNEBth+JR/AAAB>";
    expect(mailEvent(login)).toEqual({ kind: "login", address: "ayu@read.test" });
    expect(mailEvent(login.replace("imap-login", "pop3-login"))).toEqual({ kind: "login", address: "ayu@read.test" });
    const logout =
      "Nov 25 15:09:22 imap(ayu@read.test)<9425><wmI+NhthUNh/AAAB>: Info: Disconnected: Logged out in=58 out=961 deleted=0 expunged=0 trashed=0";
    expect(mailEvent(logout)).toEqual({ kind: "logout", address: "ayu@read.test" });
    const failed =
      "Nov 25 14:58:40 imap-login: Info: Disconnected: Connection closed (auth failed, 1 attempts in 2 secs): user=<ayu@read.test>, method=PLAIN, rip=127.0.0.1, lip=127.0.0.1, secured, session=<qKjZDxthtrF/AAAB>";
    expect(mailEvent(failed)).toBeNull();
    expect(
      mailEvent("Nov 25 14:58:50 master: Info: Dovecot v2.3.19.1 (9b53102964) starting up for imap, pop3"),
    ).toBeNull();
  });
});
