/**
 * Runs once when the server starts: bring the database schema up to date
 * before the first request, then start the in-process workers.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { config } = await import("@/lib/config");
  config(); // a bad setting stops the start here, with its name
  const { getDb, migrateDb } = await import("@/lib/db/client");
  const db = getDb();
  await migrateDb(db); // PostgreSQL (SQLite files are migrated as they open); instances starting together take turns
  const { startWebhookWorker } = await import("@/lib/webhooks/start");
  startWebhookWorker(db); // no-op when WEBHOOK_WORKER=off
  const { getBlobStore } = await import("@/lib/files/blob-store");
  const { startTempSweeper } = await import("@/lib/files/sweep-temp-files");
  startTempSweeper(getBlobStore()); // uploads a crash left half-written
  const { startUnusedBlobSweeper } = await import("@/lib/files/blob-reservations");
  startUnusedBlobSweeper(db, getBlobStore()); // blobs no version uses any more (deletes never remove them inline)
  const { getAnalysisPool } = await import("@/lib/analyze/analysis-pool");
  getAnalysisPool().warm(); // the first upload need not wait for a child to load the engines
  if (config().ANALYSIS_WARM_UP) {
    const { warmUpPrintFigures } = await import("@/lib/quotes/warm-up-figures");
    void warmUpPrintFigures(); // the first 3D quote need not run the figures' code cold
  }
  const { startInfraServices } = await import("@/lib/infra/start-infra-services");
  // DNS (or the PowerDNS pusher), SMTP + submission, Dovecot, S3, VPS ticker; each can be turned off (README, Configuration).
  await startInfraServices(db);
  const { startIdempotencyPurge } = await import("@/lib/api/idempotency");
  startIdempotencyPurge(db); // Idempotency-Key records past their 24 h
}
