import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { freePort } from "@/test/helpers/free-port";
import { createZone } from "@/lib/infra/dns/manage-dns";
import { createMailbox } from "./manage-mailboxes";
import { startDovecot, type RunningDovecot } from "./dovecot-server";

const PASSWORD = "correct horse battery";
let dovecot: RunningDovecot;
let cert: string;
let dir: string;

beforeAll(async () => {
  const opened = await useTestDb();
  const db = opened.db;
  dir = opened.dir;
  process.env.DATA_DIR = dir;
  const { workspace } = await seedWorkspace(db);
  await createZone(db, workspace.id, { domain: "aman.test" });
  await createMailbox(db, workspace.id, { address: "ayu@aman.test", password: PASSWORD, quota_mb: 10 });
  // A self-signed certificate from OpenSSL, as an operator would configure their own.
  cert = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=mail.aman.test", "-days", "1"].concat([
      "-keyout",
      key,
      "-out",
      cert,
    ]),
    { stdio: "ignore" },
  );
  dovecot = await startDovecot(db, {
    path: "/usr/sbin/dovecot",
    host: "127.0.0.1",
    imapPort: await freePort(),
    pop3Port: await freePort(),
    tlsCert: cert,
    tlsKey: key,
  });
}, 30_000);
afterAll(async () => {
  await dovecot?.stop();
  delete process.env.DATA_DIR;
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("IMAP and POP3 with a configured certificate", () => {
  it("upgrade with STARTTLS to the configured certificate (imapflow, Python's imaplib and poplib)", async () => {
    const client = new ImapFlow({
      host: "127.0.0.1",
      port: dovecot.imapPort,
      secure: false,
      doSTARTTLS: true, // refuse to go on in plain text
      tls: { ca: [fs.readFileSync(cert)], servername: "mail.aman.test" },
      logger: false,
      auth: { user: "ayu@aman.test", pass: PASSWORD },
    });
    client.on("error", () => {});
    await client.connect();
    expect(client.secureConnection).toBe(true);
    const quota = await client.getQuota("INBOX");
    expect(quota && quota.storage?.limit).toBe(10 * 1024 * 1024); // imapflow answers bytes
    await client.logout();

    const out = execFileSync(
      "/usr/bin/python3",
      [
        "-c",
        `
import imaplib, json, os, poplib, ssl
context = ssl.create_default_context(cafile=os.environ["CERT"])
context.check_hostname = False  # the certificate names mail.aman.test; the test connects to 127.0.0.1
m = imaplib.IMAP4("127.0.0.1", int(os.environ["IMAP"]))
m.starttls(context)
m.login("ayu@aman.test", os.environ["PASS"])
version = m.sock.version()
m.logout()
p = poplib.POP3("127.0.0.1", int(os.environ["POP3"]))
p.stls(context)
p.user("ayu@aman.test")
p.pass_(os.environ["PASS"])
count, octets = p.stat()
p.quit()
print(json.dumps({"version": version, "count": count}))
`,
      ],
      {
        env: {
          ...process.env,
          CERT: cert,
          IMAP: String(dovecot.imapPort),
          POP3: String(dovecot.pop3Port),
          PASS: PASSWORD,
        },
      },
    );
    const answer = JSON.parse(out.toString());
    expect(["TLSv1.2", "TLSv1.3"]).toContain(answer.version);
    expect(answer.count).toBe(0);
  }, 20_000);
});
