import fs from "node:fs";
import type { Config } from "@/lib/config";

export interface MailClientSettings {
  /** IMAP_ENABLED and Dovecot installed. */
  available: boolean;
  host: string;
  imapPort: number;
  pop3Port: number;
  /** STARTTLS with a configured certificate; otherwise plain text, which Dovecot accepts from this machine only. */
  security: "starttls" | "none";
}

const WILDCARDS = new Set(["0.0.0.0", "::", "[::]"]);

/**
 * What a mail client (Thunderbird's manual setup) needs to read a mailbox: the user name is the full address
 * and the password the mailbox's. A wildcard listen address is no host to type in: the mail host name is.
 */
export function mailClientSettings(settings: Config): MailClientSettings {
  const host = WILDCARDS.has(settings.IMAP_HOST) ? settings.SMTP_HOSTNAME : settings.IMAP_HOST;
  return {
    available: settings.IMAP_ENABLED && fs.existsSync(settings.DOVECOT_PATH),
    host,
    imapPort: settings.IMAP_PORT,
    pop3Port: settings.POP3_PORT,
    security: settings.IMAP_TLS_CERT && settings.IMAP_TLS_KEY ? "starttls" : "none",
  };
}
