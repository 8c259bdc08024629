import type { Db } from "@/lib/db/client";
import { config, type Config } from "@/lib/config";
import { logError, logInfo } from "@/lib/log";
import { startDnsServer, type RunningServer } from "./dns/dns-server";
import { startSmtpServer } from "./email/smtp-server";
import { loadTlsKeyPair, type TlsKeyPair } from "./email/tls-certificate";
import { outboundRelay } from "./email/outbound-queue";
import { startOutboundWorker } from "./email/outbound-worker";
import { startVpsTicker } from "./vps/vps-lifecycle";

export interface InfraServices {
  dns: RunningServer | null;
  smtp: RunningServer | null;
  submission: RunningServer | null;
  stop(): Promise<void>;
}

const globalForInfra = globalThis as unknown as { bengkelInfra?: Promise<InfraServices> };

/**
 * Starts the DNS server, the SMTP servers (inbound and submission) and the VPS ticker, each unless
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
  const dns = settings.DNS_ENABLED
    ? await tryStart("dns", () => startDnsServer(db, { host: settings.DNS_HOST, port: settings.DNS_PORT }))
    : null;
  const tls = settings.SMTP_ENABLED || settings.SMTP_SUBMISSION_ENABLED ? smtpTls(settings) : null;
  const smtp = settings.SMTP_ENABLED
    ? await tryStart("smtp", () => startSmtpServer(db, { host: settings.SMTP_HOST, port: settings.SMTP_PORT, tls }))
    : null;
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
  const ticker = settings.VPS_TICKER ? startVpsTicker(db) : null;
  return {
    dns,
    smtp,
    submission,
    async stop() {
      ticker?.stop();
      await Promise.all([dns?.stop(), smtp?.stop(), submission?.stop(), outbound?.stop()]);
      delete globalForInfra.bengkelInfra;
    },
  };
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
