import { execFileSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dataPath } from "@/lib/config";

export interface TlsKeyPair {
  key: Buffer;
  cert: Buffer;
  /** Where they came from: the configured files, or the self-signed pair in DATA_DIR. */
  source: "configured" | "self-signed";
}

/**
 * The certificate STARTTLS offers: the configured PEM files (production), else a self-signed one made once
 * (and again when SMTP_HOSTNAME changes) into DATA_DIR/tls/ by the openssl binary (node:crypto makes keys, not certificates). A client that does not
 * pin it still gets an encrypted channel, which is what keeps passwords off the wire.
 */
export function loadTlsKeyPair(settings: { certPath?: string; keyPath?: string; hostname: string }): TlsKeyPair {
  if (settings.certPath || settings.keyPath) {
    if (!settings.certPath || !settings.keyPath)
      throw new Error("SMTP_TLS_CERT and SMTP_TLS_KEY must be set together.");
    return { cert: fs.readFileSync(settings.certPath), key: fs.readFileSync(settings.keyPath), source: "configured" };
  }
  const dir = dataPath("tls");
  const certPath = path.join(/*turbopackIgnore: true*/ dir, "smtp.crt");
  const keyPath = path.join(/*turbopackIgnore: true*/ dir, "smtp.key");
  if (!fs.existsSync(keyPath) || !namesHost(certPath, settings.hostname))
    generateSelfSigned(dir, certPath, keyPath, settings.hostname);
  return { cert: fs.readFileSync(certPath), key: fs.readFileSync(keyPath), source: "self-signed" };
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
