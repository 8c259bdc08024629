import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "@/lib/config";
import { mailClientSettings } from "./mail-client-settings";

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-mail-client-"));
  process.env.DATA_DIR = dir; // where the self-signed pair would be
});
afterAll(() => {
  delete process.env.DATA_DIR;
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("mailClientSettings", () => {
  it("answers the loopback defaults; without any certificate, plain text in and no sending", () => {
    expect(mailClientSettings(readConfig({}))).toEqual({
      available: true,
      host: "127.0.0.1",
      imapPort: 1143,
      pop3Port: 1110,
      security: "none",
      outgoing: null,
    });
    expect(mailClientSettings(readConfig({ IMAP_ENABLED: "off" })).available).toBe(false);
    expect(mailClientSettings(readConfig({ DOVECOT_PATH: "/nonexistent/dovecot" })).available).toBe(false);
  });

  it("says STARTTLS in and out once the self-signed pair exists, with the submission port", () => {
    // Only the files' presence matters here; the start makes and checks the real pair.
    fs.mkdirSync(path.join(dir, "tls"));
    fs.writeFileSync(path.join(dir, "tls", "smtp.crt"), "");
    fs.writeFileSync(path.join(dir, "tls", "smtp.key"), "");
    try {
      expect(mailClientSettings(readConfig({}))).toMatchObject({
        security: "starttls",
        outgoing: { host: "127.0.0.1", port: 1587 },
      });
      expect(mailClientSettings(readConfig({ SMTP_SUBMISSION_ENABLED: "off" })).outgoing).toBeNull();
    } finally {
      fs.rmSync(path.join(dir, "tls"), { recursive: true });
    }
  });

  it("names the mail host for wildcard addresses and takes a configured pair, IMAP's or SMTP's", () => {
    const production = mailClientSettings(
      readConfig({
        IMAP_HOST: "0.0.0.0",
        SMTP_HOST: "::",
        SMTP_HOSTNAME: "mail.bengkel.id",
        IMAP_PORT: "143",
        SMTP_SUBMISSION_PORT: "587",
        SMTP_TLS_CERT: "/etc/ssl/mail.pem",
        SMTP_TLS_KEY: "/etc/ssl/mail.key",
      }),
    );
    expect(production).toMatchObject({
      host: "mail.bengkel.id",
      imapPort: 143,
      security: "starttls",
      outgoing: { host: "mail.bengkel.id", port: 587 },
    });
    const imapOnly = readConfig({ IMAP_TLS_CERT: "/etc/ssl/imap.pem", IMAP_TLS_KEY: "/etc/ssl/imap.key" });
    expect(mailClientSettings(imapOnly)).toMatchObject({ security: "starttls", outgoing: null });
    // Half a pair is refused at start (Dovecot then runs without TLS), so it is not STARTTLS here either.
    const half = readConfig({ IMAP_TLS_CERT: "/etc/ssl/imap.pem", SMTP_TLS_CERT: "/a", SMTP_TLS_KEY: "/b" });
    expect(mailClientSettings(half).security).toBe("none");
  });
});
