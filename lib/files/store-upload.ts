import { eq } from "drizzle-orm";
import { fileVersions, type StoredAnalysis } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { getAnalysisPool } from "@/lib/analyze/analysis-pool";
import type { BlobStore } from "./blob-store";
import type { ReceivedUpload } from "./receive-upload";

/**
 * Analyses an upload (in the analysis pool), then moves its bytes into the blob
 * store. Unsupported or unreadable files throw (415/422) before anything is
 * stored; the caller removes the temp file. Returns an undo for the blob, to run
 * if the database write that follows fails.
 */
export async function analyzeAndStoreUpload(
  db: Db,
  blobs: BlobStore,
  upload: ReceivedUpload,
): Promise<{ analysis: StoredAnalysis; undo: () => Promise<void> }> {
  const analysis: StoredAnalysis = await getAnalysisPool().analyze(upload.tempPath, upload.filename);
  const alreadyStored = (
    await db.select({ id: fileVersions.id }).from(fileVersions).where(eq(fileVersions.sha256, upload.sha256)).limit(1)
  )[0];
  await blobs.putFile(upload.tempPath, upload.sha256);
  return {
    analysis,
    undo: async () => {
      if (!alreadyStored) await blobs.delete(upload.sha256);
    },
  };
}
