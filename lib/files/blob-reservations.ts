import { and, eq, exists, isNull, lt, notExists } from "drizzle-orm";
import { blobReservations, fileVersions } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { logError, logInfo } from "@/lib/log";
import type { BlobStore } from "./blob-store";
import { TEMP_MAX_AGE_MS } from "./sweep-temp-files";

/**
 * How long a reservation protects a blob with no version. An upload reserves its bytes before it looks for them in
 * the store and commits its version well within TEMP_MAX_AGE_MS (past it the temp file itself is swept), so a
 * reservation older than this belongs to no upload still running.
 */
export const BLOB_GRACE_MS = 4 * TEMP_MAX_AGE_MS;
/** A sweep's claim while it deletes one blob (one request); past it, the sweep is taken for dead. */
export const DELETE_LEASE_MS = 60_000;
const SWEEP_EVERY_MS = 10 * 60_000;
const SWEEP_BATCH = 500;

/**
 * Called before an upload checks whether its bytes are already stored: from now until its version is written, no
 * sweep on any instance deletes them. If a sweep is deleting them right now, waits for it to finish, so the upload
 * then stores its bytes anew.
 */
export async function reserveBlob(db: Db, sha256: string, options: { pollMs?: number } = {}): Promise<void> {
  for (;;) {
    const now = new Date();
    const [row] = await db
      .insert(blobReservations)
      .values({ sha256, reservedAt: now })
      .onConflictDoUpdate({ target: blobReservations.sha256, set: { reservedAt: now } })
      .returning();
    if (!row.deletingAt) return;
    if (now.getTime() - row.deletingAt.getTime() > DELETE_LEASE_MS) {
      // The sweep died mid-delete: take the row back; putFile then stores whatever is missing.
      await db
        .update(blobReservations)
        .set({ deletingAt: null })
        .where(and(eq(blobReservations.sha256, sha256), eq(blobReservations.deletingAt, row.deletingAt)));
    } else {
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 100));
    }
  }
}

/** Called after versions are deleted: their blobs become candidates for the sweep (an existing row keeps its time). */
export async function releaseBlobs(db: Db, sha256s: string[]): Promise<void> {
  if (sha256s.length === 0) return;
  const now = new Date();
  await db
    .insert(blobReservations)
    .values([...new Set(sha256s)].map((sha256) => ({ sha256, reservedAt: now })))
    .onConflictDoNothing();
}

/**
 * Deletes the blobs that no version uses and nothing reserved for BLOB_GRACE_MS. Each is claimed by one atomic
 * UPDATE (so of several instances sweeping, one deletes it, and an upload reserving it meanwhile wins), deleted from
 * the store, then its row goes. Rows of blobs that versions still use are dropped: the versions protect them.
 */
export async function sweepUnusedBlobs(db: Db, blobs: BlobStore, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - BLOB_GRACE_MS);
  const stale = (sha256: string) =>
    and(
      eq(blobReservations.sha256, sha256),
      isNull(blobReservations.deletingAt),
      lt(blobReservations.reservedAt, cutoff),
    );
  const versionsOf = (sha256: string) =>
    db.select({ id: fileVersions.id }).from(fileVersions).where(eq(fileVersions.sha256, sha256));
  const candidates = await db
    .select({ sha256: blobReservations.sha256 })
    .from(blobReservations)
    .where(and(isNull(blobReservations.deletingAt), lt(blobReservations.reservedAt, cutoff)))
    .limit(SWEEP_BATCH);
  let deleted = 0;
  for (const { sha256 } of candidates) {
    const [claimed] = await db
      .update(blobReservations)
      .set({ deletingAt: now })
      .where(and(stale(sha256), notExists(versionsOf(sha256))))
      .returning();
    if (!claimed) {
      await db.delete(blobReservations).where(and(stale(sha256), exists(versionsOf(sha256))));
      continue;
    }
    await blobs.delete(sha256);
    await db
      .delete(blobReservations)
      .where(and(eq(blobReservations.sha256, sha256), eq(blobReservations.deletingAt, now)));
    deleted++;
  }
  return deleted;
}

/** Sweeps every SWEEP_EVERY_MS on each instance; the claims keep them from deleting a blob twice. */
export function startUnusedBlobSweeper(db: Db, blobs: BlobStore): void {
  const sweep = () =>
    sweepUnusedBlobs(db, blobs).then(
      (removed) => removed > 0 && logInfo("removed unused blobs", { removed }),
      (error: unknown) => logError("blob sweep failed", { error }),
    );
  setInterval(sweep, SWEEP_EVERY_MS).unref();
}
