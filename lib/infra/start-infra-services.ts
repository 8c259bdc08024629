import type { Db } from "@/lib/db/client";
import { config, type Config } from "@/lib/config";
import { logError, logInfo } from "@/lib/log";
import { startDnsServer, type RunningServer } from "./dns/dns-server";
import { startSmtpServer } from "./email/smtp-server";
import { startVpsTicker } from "./vps/vps-lifecycle";
import { startS3Server } from "./storage/s3/s3-server";
import { adoptLegacyObjects } from "./storage/adopt-legacy-objects";

export interface InfraServices {
  dns: RunningServer | null;
  smtp: RunningServer | null;
  s3: RunningServer | null;
  stop(): Promise<void>;
}

const globalForInfra = globalThis as unknown as { bengkelInfra?: Promise<InfraServices> };

/**
 * Starts the DNS server, the SMTP server, the S3 endpoint and the VPS ticker, each unless
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
  const dns = settings.DNS_ENABLED
    ? await tryStart("dns", () => startDnsServer(db, { host: settings.DNS_HOST, port: settings.DNS_PORT }))
    : null;
  const smtp = settings.SMTP_ENABLED
    ? await tryStart("smtp", () => startSmtpServer(db, { host: settings.SMTP_HOST, port: settings.SMTP_PORT }))
    : null;
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
    s3,
    async stop() {
      ticker?.stop();
      await Promise.all([dns?.stop(), smtp?.stop(), s3?.stop()]);
      delete globalForInfra.bengkelInfra;
    },
  };
}
