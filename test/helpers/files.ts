import fs from "node:fs";
import path from "node:path";
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { LocalBlobStore, type BlobStore } from "@/lib/files/blob-store";
import { createFile, addFileVersion } from "@/lib/files/create-file";
import type { ReceivedUpload } from "@/lib/files/receive-upload";

/** A blob store in the test's temp folder, installed as the process-wide one. */
export function useTestBlobs(dir: string): BlobStore {
  const blobs = new LocalBlobStore(path.join(dir, "blobs"));
  (globalThis as { bengkelBlobs?: BlobStore }).bengkelBlobs = blobs;
  return blobs;
}

export function uploadFromBytes(blobs: BlobStore, bytes: Uint8Array | string, filename: string): ReceivedUpload {
  const data = typeof bytes === "string" ? Buffer.from(bytes) : Buffer.from(bytes);
  const tempPath = path.join(blobs.tempDir(), `test-${randomBytes(8).toString("hex")}`);
  fs.writeFileSync(tempPath, data);
  return {
    tempPath,
    sha256: createHash("sha256").update(data).digest("hex"),
    sizeBytes: data.length,
    filename,
    fields: {},
  };
}

export function createTestFile(
  db: Db,
  blobs: BlobStore,
  workspaceId: string,
  bytes: Uint8Array | string,
  filename: string,
  tags: string[] = [],
) {
  return createFile(db, blobs, { workspaceId, upload: uploadFromBytes(blobs, bytes, filename), actor: "test", tags });
}

export function addTestVersion(
  db: Db,
  blobs: BlobStore,
  workspaceId: string,
  fileId: string,
  bytes: Uint8Array | string,
  filename: string,
) {
  return addFileVersion(db, blobs, {
    workspaceId,
    fileId,
    upload: uploadFromBytes(blobs, bytes, filename),
    actor: "test",
  });
}

export { boxStl, plateDxf, tableStl } from "./cad-text";
