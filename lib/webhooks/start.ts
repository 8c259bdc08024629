import type { Db } from "@/lib/db/client";
import { logError } from "@/lib/log";
import { deliverDueWebhooks, type DeliverOptions } from "./deliver-due-webhooks";
import { pruneWebhookHistory } from "./prune-webhook-history";
import { config } from "@/lib/config";

const PRUNE_EVERY_MS = 3_600_000;

export interface WebhookWorker {
  /** Stops polling and waits for the tick in progress (at most one request timeout). */
  stop(): Promise<void>;
}

const globalForWorker = globalThis as unknown as { bengkelWebhookWorker?: WebhookWorker };

/**
 * The in-process sender: polls the outbox every `intervalMs`. State lives in
 * the database only, so pending deliveries resume after a restart. Once an hour
 * (and at start) it also drops finished deliveries older than
 * `WEBHOOK_RETENTION_DAYS`. One worker per process (a second call returns the
 * running one); `WEBHOOK_WORKER=off` disables it.
 */
export function startWebhookWorker(db: Db, options: DeliverOptions & { intervalMs?: number } = {}): WebhookWorker {
  if (!config().WEBHOOK_WORKER) return { stop: async () => {} };
  if (globalForWorker.bengkelWebhookWorker) return globalForWorker.bengkelWebhookWorker;

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let prunedAt = -Infinity;
  const retentionDays = config().WEBHOOK_RETENTION_DAYS;
  const schedule = (delay: number) => {
    timer = setTimeout(tick, delay);
    timer.unref(); // never keeps the process alive on its own
  };
  const tick = async () => {
    const now = new Date();
    if (now.getTime() - prunedAt >= PRUNE_EVERY_MS && retentionDays > 0) {
      prunedAt = now.getTime();
      try {
        await pruneWebhookHistory(db, now, retentionDays);
      } catch (error) {
        logError("webhook history pruning failed", { error });
      }
    }
    running = deliverDueWebhooks(db, now, options)
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
