import type { Db } from "@/lib/db/client";
import { logError } from "@/lib/log";
import { deliverDueWebhooks, type DeliverOptions } from "./deliver-due-webhooks";

export interface WebhookWorker {
  /** Stops polling and waits for the tick in progress (at most one request timeout). */
  stop(): Promise<void>;
}

const globalForWorker = globalThis as unknown as { bengkelWebhookWorker?: WebhookWorker };

/**
 * The in-process sender: polls the outbox every `intervalMs`. State lives in
 * the database only, so pending deliveries resume after a restart. One worker
 * per process (a second call returns the running one); `WEBHOOK_WORKER=off`
 * disables it.
 */
export function startWebhookWorker(db: Db, options: DeliverOptions & { intervalMs?: number } = {}): WebhookWorker {
  if (process.env.WEBHOOK_WORKER === "off") return { stop: async () => {} };
  if (globalForWorker.bengkelWebhookWorker) return globalForWorker.bengkelWebhookWorker;

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = (delay: number) => {
    timer = setTimeout(tick, delay);
    timer.unref(); // never keeps the process alive on its own
  };
  const tick = () => {
    running = deliverDueWebhooks(db, new Date(), options)
      .then(() => undefined)
      .catch((error) => logError("webhook worker tick failed", { error }))
      .finally(() => {
        if (!stopped) schedule(options.intervalMs ?? 1_000);
      });
  };
  const worker: WebhookWorker = {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      if (globalForWorker.bengkelWebhookWorker === worker) globalForWorker.bengkelWebhookWorker = undefined;
    },
  };
  globalForWorker.bengkelWebhookWorker = worker;
  schedule(0);
  return worker;
}
