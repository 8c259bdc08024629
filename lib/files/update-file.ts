import { eq } from "drizzle-orm";
import { files, fileVersions } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import type { BlobStore } from "./blob-store";
import { getFile, type FileRow } from "./get-file";
import { indexFile } from "@/lib/search/index-file";
import { removeDisplayAssets } from "@/lib/viewer/get-display-asset";
import { releaseBlobs } from "./blob-reservations";

export async function updateFile(
  db: Db,
  workspaceId: string,
  fileId: string,
  patch: { name?: string; tags?: string[] },
): Promise<FileRow> {
  const file = await getFile(db, workspaceId, fileId);
  if (patch.name === undefined && patch.tags === undefined) return file;
  const updated = (
    await db
      .update(files)
      .set({
        ...(patch.name !== undefined && { name: patch.name }),
        ...(patch.tags !== undefined && { tags: patch.tags }),
        updatedAt: new Date(),
      })
      .where(eq(files.id, file.id))
      .returning()
  )[0];
  await indexFile(db, workspaceId, updated.id); // names and tags are searchable
  return updated;
}

/**
 * Deletes the file and its versions, then their display caches. Their blobs are left to the sweep
 * (blob-reservations.ts), which deletes those no version uses once no upload can be relying on them.
 */
export async function deleteFile(db: Db, blobs: BlobStore, workspaceId: string, fileId: string): Promise<FileRow> {
  const file = await getFile(db, workspaceId, fileId);
  const versions = await db
    .select({ id: fileVersions.id, sha256: fileVersions.sha256 })
    .from(fileVersions)
    .where(eq(fileVersions.fileId, file.id));
  await db.delete(files).where(eq(files.id, file.id));
  const [sha256s, versionIds] = [versions.map((v) => v.sha256), versions.map((v) => v.id)];
  await releaseBlobs(db, sha256s);
  await removeDisplayAssets(blobs, versionIds);
  return file;
}
