import { execFileSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dataPath, type Config } from "@/lib/config";

export interface TlsKeyPair {
  key: Buffer;
  cert: Buffer;
  /** Where they came from: the configured files, or the self-signed pair in DATA_DIR. */
  source: "configured" | "self-signed";
}

export interface TlsFiles {
  certPath: string;
  keyPath: string;
  source: TlsKeyPair["source"];
}

/** Where the self-signed pair lives: one certificate for the mail host, offered by SMTP, IMAP and POP3. */
export function selfSignedTlsPaths(): { certPath: string; keyPath: string } {
  const dir = dataPath("tls");
  return {
    certPath: path.join(/*turbopackIgnore: true*/ dir, "smtp.crt"),
    keyPath: path.join(/*turbopackIgnore: true*/ dir, "smtp.key"),
  };
}

/**
 * The certificate STARTTLS offers: the configured PEM files (production), else a self-signed one made once
 * (and again when SMTP_HOSTNAME changes) into DATA_DIR/tls/ by the openssl binary (node:crypto makes keys, not
 * certificates). A client that does not pin it still gets an encrypted channel, which is what keeps passwords off
 * the wire.
 */
export function ensureTlsFiles(settings: { certPath?: string; keyPath?: string; hostname: string }): TlsFiles {
  if (settings.certPath || settings.keyPath) {
    if (!settings.certPath || !settings.keyPath)
      throw new Error("SMTP_TLS_CERT and SMTP_TLS_KEY must be set together.");
    return { certPath: settings.certPath, keyPath: settings.keyPath, source: "configured" };
  }
  const { certPath, keyPath } = selfSignedTlsPaths();
  if (!fs.existsSync(keyPath) || !namesHost(certPath, settings.hostname))
    generateSelfSigned(path.dirname(certPath), certPath, keyPath, settings.hostname);
  return { certPath, keyPath, source: "self-signed" };
}

/** The pair ensureTlsFiles names, read for node:tls (the SMTP servers). */
export function loadTlsKeyPair(settings: { certPath?: string; keyPath?: string; hostname: string }): TlsKeyPair {
  const files = ensureTlsFiles(settings);
  return { cert: fs.readFileSync(files.certPath), key: fs.readFileSync(files.keyPath), source: files.source };
}

/**
 * The pair IMAP and POP3 offer: IMAP_TLS_* when set, else SMTP's (SMTP_TLS_* or the self-signed pair), so the mail
 * host has one certificate, as a real one does, and Dovecot offers STARTTLS without any setting.
 */
export function dovecotTlsFiles(settings: Config): TlsFiles {
  if (settings.IMAP_TLS_CERT || settings.IMAP_TLS_KEY) {
    if (!settings.IMAP_TLS_CERT || !settings.IMAP_TLS_KEY)
      throw new Error("IMAP_TLS_CERT and IMAP_TLS_KEY must be set together.");
    return { certPath: settings.IMAP_TLS_CERT, keyPath: settings.IMAP_TLS_KEY, source: "configured" };
  }
  return ensureTlsFiles({
    certPath: settings.SMTP_TLS_CERT,
    keyPath: settings.SMTP_TLS_KEY,
    hostname: settings.SMTP_HOSTNAME,
  });
}

/**
 * Whether the servers have a certificate to offer, without making one: a configured pair (IMAP's, for IMAP), or
 * the self-signed pair a start has made. False when openssl was missing and nothing is configured.
 */
export function hasTlsCertificate(settings: Config, service: "imap" | "smtp"): boolean {
  if (service === "imap" && (settings.IMAP_TLS_CERT || settings.IMAP_TLS_KEY))
    return Boolean(settings.IMAP_TLS_CERT && settings.IMAP_TLS_KEY);
  if (settings.SMTP_TLS_CERT || settings.SMTP_TLS_KEY) return Boolean(settings.SMTP_TLS_CERT && settings.SMTP_TLS_KEY);
  const { certPath, keyPath } = selfSignedTlsPaths();
  return fs.existsSync(certPath) && fs.existsSync(keyPath);
}

/** Whether the stored certificate exists and is for `hostname` (SMTP_HOSTNAME may have changed since it was made). */
function namesHost(certPath: string, hostname: string): boolean {
  if (!fs.existsSync(certPath)) return false;
  return new X509Certificate(fs.readFileSync(certPath)).checkHost(hostname) !== undefined;
}

function generateSelfSigned(dir: string, certPath: string, keyPath: string, hostname: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Written beside the final names and renamed, so a crash never leaves a key without its certificate.
  const tmpCert = `${certPath}.${process.pid}.tmp`;
  const tmpKey = `${keyPath}.${process.pid}.tmp`;
  // prettier-ignore
  const args = [
    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "3650",
    "-subj", `/CN=${hostname}`, "-addext", `subjectAltName=DNS:${hostname}`, "-keyout", tmpKey, "-out", tmpCert,
  ];
  try {
    execFileSync("openssl", args, { stdio: "ignore", timeout: 30_000 });
    fs.chmodSync(tmpKey, 0o600);
    fs.renameSync(tmpKey, keyPath);
    fs.renameSync(tmpCert, certPath);
  } catch (error) {
    fs.rmSync(tmpKey, { force: true });
    fs.rmSync(tmpCert, { force: true });
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    // A start-up failure, logged by the service starter (no request to answer).
    throw new Error(
      missing
        ? "openssl is not installed: set SMTP_TLS_CERT and SMTP_TLS_KEY, or install openssl, for STARTTLS."
        : `openssl could not make a self-signed certificate: ${(error as Error).message}`,
    );
  }
}
