import { describe, expect, it } from "vitest";
import { readConfig } from "@/lib/config";
import { mailClientSettings } from "./mail-client-settings";

describe("mailClientSettings", () => {
  it("answers the loopback defaults, plain text, while Dovecot is installed and IMAP on", () => {
    expect(mailClientSettings(readConfig({}))).toEqual({
      available: true,
      host: "127.0.0.1",
      imapPort: 1143,
      pop3Port: 1110,
      security: "none",
    });
    expect(mailClientSettings(readConfig({ IMAP_ENABLED: "off" })).available).toBe(false);
    expect(mailClientSettings(readConfig({ DOVECOT_PATH: "/nonexistent/dovecot" })).available).toBe(false);
  });

  it("names the mail host for a wildcard address and says STARTTLS once a certificate is set", () => {
    const settings = mailClientSettings(
      readConfig({
        IMAP_HOST: "0.0.0.0",
        SMTP_HOSTNAME: "mail.bengkel.id",
        IMAP_PORT: "143",
        IMAP_TLS_CERT: "/etc/ssl/mail.pem",
        IMAP_TLS_KEY: "/etc/ssl/mail.key",
      }),
    );
    expect(settings).toMatchObject({ host: "mail.bengkel.id", imapPort: 143, security: "starttls" });
  });
});
