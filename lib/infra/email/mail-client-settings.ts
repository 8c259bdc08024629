import fs from "node:fs";
import type { Config } from "@/lib/config";
import { hasTlsCertificate } from "./tls-certificate";

export interface MailClientSettings {
  /** IMAP_ENABLED and Dovecot installed. */
  available: boolean;
  host: string;
  imapPort: number;
  pop3Port: number;
  /** STARTTLS once Dovecot has a certificate (configured or self-signed); else plain text, from this machine only. */
  security: "starttls" | "none";
  /** The submission port (always STARTTLS, then AUTH); null when it is off or has no certificate to start with. */
  outgoing: { host: string; port: number } | null;
}

const WILDCARDS = new Set(["0.0.0.0", "::", "[::]"]);

/** A wildcard listen address is no host to type in: the mail host name is. */
const clientHost = (listen: string, settings: Config) => (WILDCARDS.has(listen) ? settings.SMTP_HOSTNAME : listen);

/**
 * What a mail client (Thunderbird's manual setup) needs to read and send: the user name is the full address and
 * the password the mailbox's, for the incoming and the outgoing server alike.
 */
export function mailClientSettings(settings: Config): MailClientSettings {
  const sending = settings.SMTP_SUBMISSION_ENABLED && hasTlsCertificate(settings, "smtp");
  return {
    available: settings.IMAP_ENABLED && fs.existsSync(settings.DOVECOT_PATH),
    host: clientHost(settings.IMAP_HOST, settings),
    imapPort: settings.IMAP_PORT,
    pop3Port: settings.POP3_PORT,
    security: hasTlsCertificate(settings, "imap") ? "starttls" : "none",
    outgoing: sending ? { host: clientHost(settings.SMTP_HOST, settings), port: settings.SMTP_SUBMISSION_PORT } : null,
  };
}
