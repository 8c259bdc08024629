import fs from "node:fs";
import type { Db } from "@/lib/db/client";
import { config, type Config } from "@/lib/config";
import { logError, logInfo } from "@/lib/log";
import { startDnsServer, type RunningServer } from "./dns/dns-server";
import { startDnsPusher } from "./dns/powerdns/start-dns-pusher";
import { powerDnsClient } from "./dns/powerdns/powerdns-client";
import { startSmtpServer } from "./email/smtp-server";
import { DovecotMissingError, startDovecot, type RunningDovecot } from "./email/dovecot-server";
import { dovecotTlsFiles, loadTlsKeyPair, type TlsFiles, type TlsKeyPair } from "./email/tls-certificate";
import { outboundRelay } from "./email/outbound-queue";
import { startOutboundWorker } from "./email/outbound-worker";
import { startVpsTicker } from "./vps/vps-lifecycle";
import { startS3Server } from "./storage/s3/s3-server";
import { adoptLegacyObjects } from "./storage/adopt-legacy-objects";

export interface InfraServices {
  dns: RunningServer | null;
  smtp: RunningServer | null;
  /** Dovecot's IMAP and POP3, a child process. */
  imap: RunningDovecot | null;
  /** The submission port (STARTTLS, then AUTH). */
  submission: RunningServer | null;
  /** The S3-compatible endpoint for the buckets. */
  s3: RunningServer | null;
  stop(): Promise<void>;
}

const globalForInfra = globalThis as unknown as { bengkelInfra?: Promise<InfraServices> };

/**
 * Starts the DNS server (or, with DNS_BACKEND=powerdns, the pusher feeding PowerDNS), the SMTP servers (inbound
 * and submission), Dovecot (IMAP, POP3), the S3 endpoint and the VPS ticker, each unless
 * disabled by env. Loopback by default. A server that cannot bind (port taken)
 * is logged and skipped: the HTTP API must still come up. One set per process.
 */
export function startInfraServices(db: Db, settings: Config = config()): Promise<InfraServices> {
  globalForInfra.bengkelInfra ??= start(db, settings);
  return globalForInfra.bengkelInfra;
}

async function start(db: Db, settings: Config): Promise<InfraServices> {
  const tryStart = async (name: string, run: () => Promise<RunningServer>) => {
    try {
      const server = await run();
      logInfo(`${name} server listening`, { port: server.port });
      return server;
    } catch (error) {
      logError(`${name} server did not start`, { error });
      return null;
    }
  };
  try {
    const adopted = await adoptLegacyObjects(db);
    if (adopted > 0) logInfo("indexed objects stored before the object index", { adopted });
  } catch (error) {
    logError("adopting older bucket files failed", { error });
  }
  // With PowerDNS answering, the embedded server stays off and zone changes are pushed to PowerDNS instead.
  const powerDns = settings.DNS_BACKEND === "powerdns";
  let pusher: { stop(): Promise<void> } | null = null;
  try {
    if (powerDns) {
      const { PDNS_API_URL: apiUrl, PDNS_API_KEY: apiKey, PDNS_SERVER_ID: serverId } = settings;
      pusher = startDnsPusher(db, { client: powerDnsClient({ apiUrl, apiKey, serverId }) });
    }
  } catch (error) {
    logError("powerdns pusher did not start", { error }); // PDNS_API_KEY missing: the HTTP API still comes up
  }
  const dns =
    settings.DNS_ENABLED && !powerDns
      ? await tryStart("dns", () => startDnsServer(db, { host: settings.DNS_HOST, port: settings.DNS_PORT }))
      : null;
  const tls = settings.SMTP_ENABLED || settings.SMTP_SUBMISSION_ENABLED ? smtpTls(settings) : null;
  const smtp = settings.SMTP_ENABLED
    ? await tryStart("smtp", () => startSmtpServer(db, { host: settings.SMTP_HOST, port: settings.SMTP_PORT, tls }))
    : null;
  const imap = settings.IMAP_ENABLED ? await startImap(db, settings) : null;
  const submission =
    settings.SMTP_SUBMISSION_ENABLED && tls
      ? await tryStart("smtp submission", () =>
          startSmtpServer(db, {
            mode: "submission",
            host: settings.SMTP_HOST,
            port: settings.SMTP_SUBMISSION_PORT,
            tls,
            relay: settings.SMTP_SMARTHOST ? outboundRelay(db) : null,
          }),
        )
      : null;
  // The queue is sent from whatever a previous run left, even if submission did not start this time.
  const outbound = settings.SMTP_SMARTHOST ? startOutboundWorker(db, settings.SMTP_SMARTHOST) : null;
  const s3 = settings.S3_ENABLED
    ? await tryStart("s3", () =>
        startS3Server(db, {
          host: settings.S3_HOST,
          port: settings.S3_PORT,
          region: settings.S3_REGION,
          domain: settings.S3_DOMAIN,
        }),
      )
    : null;
  const ticker = settings.VPS_TICKER ? startVpsTicker(db) : null;
  return {
    dns,
    smtp,
    imap,
    submission,
    s3,
    async stop() {
      ticker?.stop();
      await Promise.all([
        dns?.stop(),
        smtp?.stop(),
        submission?.stop(),
        outbound?.stop(),
        imap?.stop(),
        pusher?.stop(),
        s3?.stop(),
      ]);
      delete globalForInfra.bengkelInfra;
    },
  };
}

async function startImap(db: Db, settings: Config): Promise<RunningDovecot | null> {
  try {
    // Without Dovecot there is nothing to make a certificate for (nor an openssl failure worth a line).
    const tls = fs.existsSync(settings.DOVECOT_PATH) ? dovecotTls(settings) : null;
    const imap = await startDovecot(db, {
      path: settings.DOVECOT_PATH,
      host: settings.IMAP_HOST,
      imapPort: settings.IMAP_PORT,
      pop3Port: settings.POP3_PORT,
      tlsCert: tls?.certPath,
      tlsKey: tls?.keyPath,
    });
    logInfo("imap and pop3 (dovecot) listening", {
      imap_port: imap.imapPort,
      pop3_port: imap.pop3Port,
      starttls: tls ? tls.source : "off",
    });
    return imap;
  } catch (error) {
    // Not installed is a choice, not a failure: one clear line, the rest of the app unchanged.
    if (error instanceof DovecotMissingError) logInfo(error.message);
    else logError("imap server (dovecot) did not start", { error });
    return null;
  }
}

/** Dovecot's STARTTLS pair; without one (openssl missing), IMAP and POP3 take passwords from this machine only. */
function dovecotTls(settings: Config): TlsFiles | null {
  try {
    return dovecotTlsFiles(settings);
  } catch (error) {
    logError("imap: no TLS certificate, so no STARTTLS on IMAP and POP3", { error });
    return null;
  }
}

/** The STARTTLS pair; without one, inbound runs without STARTTLS and submission (AUTH needs TLS) does not start. */
function smtpTls(settings: Config): TlsKeyPair | null {
  try {
    const pair = loadTlsKeyPair({
      certPath: settings.SMTP_TLS_CERT,
      keyPath: settings.SMTP_TLS_KEY,
      hostname: settings.SMTP_HOSTNAME,
    });
    logInfo("smtp tls certificate loaded", { source: pair.source });
    return pair;
  } catch (error) {
    logError("smtp: no TLS certificate, so no STARTTLS and no submission port", { error });
    return null;
  }
}
