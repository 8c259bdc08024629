import type { Db } from "@/lib/db/client";
import { logError, logInfo } from "@/lib/log";
import { startDnsServer, type RunningServer } from "./dns/dns-server";
import { startSmtpServer } from "./email/smtp-server";
import { purgeIdempotencyKeys } from "@/lib/api/idempotency";
import { startVpsTicker } from "./vps/vps-lifecycle";

export interface InfraServices {
  dns: RunningServer | null;
  smtp: RunningServer | null;
  stop(): Promise<void>;
}

type Env = Record<string, string | undefined>;

const enabled = (value: string | undefined) => !["off", "false", "0", "no"].includes((value ?? "on").toLowerCase());
const port = (value: string | undefined, fallback: number) => (value === undefined || value === "" ? fallback : Number(value));

const globalForInfra = globalThis as unknown as { bengkelInfra?: Promise<InfraServices> };

/**
 * Starts the DNS server, the SMTP server and the VPS ticker, each unless
 * disabled by env. Loopback by default. A server that cannot bind (port taken)
 * is logged and skipped: the HTTP API must still come up. One set per process.
 */
export function startInfraServices(db: Db, env: Env = process.env): Promise<InfraServices> {
  globalForInfra.bengkelInfra ??= start(db, env);
  return globalForInfra.bengkelInfra;
}

async function start(db: Db, env: Env): Promise<InfraServices> {
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
  const dns = enabled(env.DNS_ENABLED)
    ? await tryStart("dns", () => startDnsServer(db, { host: env.DNS_HOST ?? "127.0.0.1", port: port(env.DNS_PORT, 5353) }))
    : null;
  const smtp = enabled(env.SMTP_ENABLED)
    ? await tryStart("smtp", () => startSmtpServer(db, { host: env.SMTP_HOST ?? "127.0.0.1", port: port(env.SMTP_PORT, 2525) }))
    : null;
  const ticker = enabled(env.VPS_TICKER) ? startVpsTicker(db) : null;
  const purge = setInterval(() => purgeIdempotencyKeys(db), 10 * 60_000);
  purge.unref();
  return {
    dns,
    smtp,
    async stop() {
      ticker?.stop();
      clearInterval(purge);
      await Promise.all([dns?.stop(), smtp?.stop()]);
      delete globalForInfra.bengkelInfra;
    },
  };
}
