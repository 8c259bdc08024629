/**
 * Runs once when the server starts: bring the database schema up to date
 * before the first request, then start the in-process workers.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDb } = await import("@/lib/db/client");
  const db = getDb();
  const { startWebhookWorker } = await import("@/lib/webhooks/start");
  startWebhookWorker(db); // no-op when WEBHOOK_WORKER=off
  const { startInfraServices } = await import("@/lib/infra/start-infra-services");
  await startInfraServices(db); // DNS, SMTP, VPS ticker; each off with DNS_ENABLED / SMTP_ENABLED / VPS_TICKER=off
}
