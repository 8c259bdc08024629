import type { StoredAnalysis } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { getAnalysisPool } from "@/lib/analyze/analysis-pool";
import type { BlobStore } from "./blob-store";
import { reserveBlob } from "./blob-reservations";
import type { ReceivedUpload } from "./receive-upload";

/**
 * Analyses an upload (in the analysis pool), then moves its bytes into the blob store. Unsupported or unreadable
 * files throw (415/422) before anything is stored; the caller removes the temp file. The bytes are reserved before
 * the store looks for them, so deleting the last version that uses them meanwhile cannot take them away
 * (docs/blob-storage.md); if the database write that follows fails, the unused blob goes with a later sweep.
 */
export async function analyzeAndStoreUpload(db: Db, blobs: BlobStore, upload: ReceivedUpload): Promise<StoredAnalysis> {
  const analysis: StoredAnalysis = await getAnalysisPool().analyze(upload.tempPath, upload.filename, upload.sha256);
  await reserveBlob(db, upload.sha256);
  await blobs.putFile(upload.tempPath, upload.sha256);
  return analysis;
}
