import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { X509Certificate } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { readConfig, type Config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { freePort } from "@/test/helpers/free-port";
import { createZone } from "@/lib/infra/dns/manage-dns";
import { startInfraServices, type InfraServices } from "../start-infra-services";
import { createMailbox } from "./manage-mailboxes";
import { mailClientSettings } from "./mail-client-settings";

const PASSWORD = "correct horse battery";
const HOSTNAME = "mail.aman.test";
let db: Db;
let dir: string;
let services: InfraServices | undefined;

beforeAll(async () => {
  ({ db, dir } = await useTestDb());
  process.env.DATA_DIR = dir; // the self-signed pair goes to DATA_DIR/tls, Dovecot's files to DATA_DIR/dovecot
  const { workspace } = await seedWorkspace(db);
  await createZone(db, workspace.id, { domain: "aman.test" });
  await createMailbox(db, workspace.id, { address: "ayu@aman.test", password: PASSWORD, quota_mb: 10 });
});
afterEach(async () => {
  await services?.stop();
  services = undefined;
});
afterAll(() => {
  delete process.env.DATA_DIR;
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Dovecot alone (SMTP off unless asked), on free loopback ports. */
async function start(env: Record<string, string>): Promise<Config> {
  const settings = readConfig({
    DNS_ENABLED: "off",
    VPS_TICKER: "off",
    SMTP_ENABLED: "off",
    SMTP_SUBMISSION_ENABLED: "off",
    SMTP_HOSTNAME: HOSTNAME,
    IMAP_PORT: String(await freePort()),
    POP3_PORT: String(await freePort()),
    ...env,
  });
  services = await startInfraServices(db, settings);
  expect(services.imap).not.toBeNull();
  return settings;
}

function makeCertificate(name: string): { cert: string; key: string } {
  const cert = path.join(dir, `${name}.crt`);
  const key = path.join(dir, `${name}.key`);
  // prettier-ignore
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", `/CN=${name}`,
    "-addext", `subjectAltName=DNS:${name}`, "-keyout", key, "-out", cert,
  ], { stdio: "ignore" });
  return { cert, key };
}

/** The SHA-256 of a PEM certificate's DER form, as Python's hashlib answers it (lower-case hex). */
const fingerprint = (pem: string) =>
  new X509Certificate(fs.readFileSync(pem)).fingerprint256.replaceAll(":", "").toLowerCase();

/**
 * Python's imaplib and poplib: STARTTLS verified against `ca` (the host name is not checked: the certificate names
 * the mail host, the test connects to 127.0.0.1), login, and the certificate each server presented.
 */
function pythonStarttls(settings: Config, ca: string): { imap: string; pop3: string; version: string } {
  const script = `
import hashlib, imaplib, json, os, poplib, ssl
context = ssl.create_default_context(cafile=os.environ["CA"])
context.check_hostname = False
m = imaplib.IMAP4("127.0.0.1", int(os.environ["IMAP"]))
m.starttls(context)
m.login("ayu@aman.test", os.environ["PASS"])
imap = hashlib.sha256(m.sock.getpeercert(binary_form=True)).hexdigest()
version = m.sock.version()
m.logout()
p = poplib.POP3("127.0.0.1", int(os.environ["POP3"]))
p.stls(context)
p.user("ayu@aman.test")
p.pass_(os.environ["PASS"])
pop3 = hashlib.sha256(p.sock.getpeercert(binary_form=True)).hexdigest()
p.quit()
print(json.dumps({"imap": imap, "pop3": pop3, "version": version}))
`;
  const env = { ...process.env, CA: ca, IMAP: String(settings.IMAP_PORT), POP3: String(settings.POP3_PORT) };
  return JSON.parse(execFileSync("/usr/bin/python3", ["-c", script], { env: { ...env, PASS: PASSWORD } }).toString());
}

describe("Dovecot's certificate", () => {
  it("is by default the self-signed pair SMTP makes: IMAP and POP3 offer STARTTLS with no setting", async () => {
    const settings = await start({
      SMTP_ENABLED: "on",
      SMTP_PORT: "0",
      SMTP_SUBMISSION_ENABLED: "on",
      SMTP_SUBMISSION_PORT: String(await freePort()),
    });
    const cert = path.join(dir, "tls", "smtp.crt");
    const key = path.join(dir, "tls", "smtp.key");
    // The key stays the server's alone (Dovecot's master and config process read it as root, or as that user).
    expect(fs.statSync(key).mode & 0o077).toBe(0);
    expect(fs.statSync(key).uid).toBe(process.getuid!());
    expect(new X509Certificate(fs.readFileSync(cert)).checkHost(HOSTNAME)).toBe(HOSTNAME);

    const client = new ImapFlow({
      host: "127.0.0.1",
      port: settings.IMAP_PORT,
      secure: false,
      doSTARTTLS: true, // refuse to go on in plain text
      tls: { ca: [fs.readFileSync(cert)], servername: HOSTNAME }, // verified, host name included
      logger: false,
      auth: { user: "ayu@aman.test", pass: PASSWORD },
    });
    client.on("error", () => {});
    await client.connect();
    expect(client.secureConnection).toBe(true);
    await client.logout();

    const python = pythonStarttls(settings, cert);
    expect(python).toMatchObject({ imap: fingerprint(cert), pop3: fingerprint(cert) });
    expect(["TLSv1.2", "TLSv1.3"]).toContain(python.version);
    expect(mailClientSettings(settings)).toEqual({
      available: true,
      host: "127.0.0.1",
      imapPort: settings.IMAP_PORT,
      pop3Port: settings.POP3_PORT,
      security: "starttls",
      outgoing: { host: "127.0.0.1", port: settings.SMTP_SUBMISSION_PORT },
    });
    // One certificate for the mail host: the submission port offers the very same one (Python's smtplib).
    // Asynchronously: the SMTP server answers from this very process.
    const smtp = await promisify(execFile)(
      "/usr/bin/python3",
      [
        "-c",
        `
import hashlib, os, smtplib, ssl
context = ssl.create_default_context(cafile=os.environ["CA"])
context.check_hostname = False
s = smtplib.SMTP("127.0.0.1", int(os.environ["PORT"]), timeout=10)
s.starttls(context=context)
print(hashlib.sha256(s.sock.getpeercert(binary_form=True)).hexdigest())
s.quit()
`,
      ],
      { env: { ...process.env, CA: cert, PORT: String(services!.submission!.port) } },
    );
    expect(smtp.stdout.trim()).toBe(fingerprint(cert));
  }, 30_000);

  it("is SMTP_TLS_CERT/KEY when set, and IMAP_TLS_CERT/KEY before those", async () => {
    const smtp = makeCertificate("mx.aman.test");
    let settings = await start({ SMTP_TLS_CERT: smtp.cert, SMTP_TLS_KEY: smtp.key });
    expect(pythonStarttls(settings, smtp.cert)).toMatchObject({ imap: fingerprint(smtp.cert) });
    await services!.stop();

    const imap = makeCertificate("imap.aman.test");
    settings = await start({
      SMTP_TLS_CERT: smtp.cert,
      SMTP_TLS_KEY: smtp.key,
      IMAP_TLS_CERT: imap.cert,
      IMAP_TLS_KEY: imap.key,
    });
    expect(pythonStarttls(settings, imap.cert)).toMatchObject({ imap: fingerprint(imap.cert) });
  }, 30_000);

  it("without openssl and without a configured pair, IMAP still runs, in plain text on loopback only", async () => {
    fs.rmSync(path.join(dir, "tls"), { recursive: true, force: true });
    const empty = fs.mkdtempSync(path.join(dir, "no-openssl-"));
    const savedPath = process.env.PATH;
    process.env.PATH = empty; // execFile finds no openssl
    let settings: Config;
    try {
      settings = await start({ SMTP_ENABLED: "on", SMTP_PORT: "0", SMTP_SUBMISSION_ENABLED: "on" });
    } finally {
      process.env.PATH = savedPath;
    }
    expect(services!.submission).toBeNull(); // AUTH needs TLS
    expect(fs.existsSync(path.join(dir, "tls", "smtp.key"))).toBe(false);
    const client = new ImapFlow({
      host: "127.0.0.1",
      port: settings.IMAP_PORT,
      secure: false,
      logger: false,
      auth: { user: "ayu@aman.test", pass: PASSWORD },
    });
    client.on("error", () => {});
    await client.connect(); // Dovecot counts loopback as secured
    expect(client.secureConnection).toBe(false);
    expect(client.capabilities.has("STARTTLS")).toBe(false);
    await client.logout();
    expect(mailClientSettings(settings)).toMatchObject({ security: "none", outgoing: null });
  }, 30_000);
});
