import type { Db } from "@/lib/db/client";
import { logError } from "@/lib/log";
import { powerDnsClient, type PowerDnsClient } from "./powerdns-client";
import { pushDueZones } from "./push-due-zones";

export interface DnsPusher {
  /** Stops polling and waits for the tick in progress. */
  stop(): Promise<void>;
}

/**
 * The in-process PowerDNS pusher (DNS_BACKEND=powerdns): polls the dns_pushes outbox every `intervalMs`. Its state
 * lives in the database only, so zone changes made while the server (or PowerDNS) was down are pushed after a restart.
 */
export function startDnsPusher(db: Db, options: { client?: PowerDnsClient; intervalMs?: number } = {}): DnsPusher {
  const client = options.client ?? powerDnsClient();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = pushDueZones(db, client)
      .then(() => undefined)
      .catch((error) => logError("powerdns pusher tick failed", { error }))
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(tick, options.intervalMs ?? 500);
        timer.unref(); // never keeps the process alive on its own
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
