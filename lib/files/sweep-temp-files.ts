import { logError, logInfo } from "@/lib/log";
import type { BlobStore } from "./blob-store";

/**
 * An upload in progress lives at most Node's request timeout (300 s, which ends
 * a slow upload) plus one analysis (ANALYSIS_TIMEOUT_S, 60 s): anything in the
 * temp folder older than this was left behind. Files of a server process that no
 * longer runs (the pid is in their name) go at once, so a restart after a crash
 * leaves nothing of it.
 */
export const TEMP_MAX_AGE_MS = 15 * 60_000;
const SWEEP_EVERY_MS = 3_600_000;

/** Sweeps the blob store's temp folder now and then hourly. */
export function startTempSweeper(blobs: BlobStore): void {
  const sweep = () =>
    blobs.sweepTemp(TEMP_MAX_AGE_MS).then(
      (removed) => removed > 0 && logInfo("removed abandoned upload temp files", { removed }),
      (error: unknown) => logError("temp sweep failed", { error }),
    );
  void sweep();
  setInterval(sweep, SWEEP_EVERY_MS).unref();
}
