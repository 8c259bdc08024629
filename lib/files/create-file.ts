import { eq, sql } from "drizzle-orm";
import { files, fileVersions } from "@/db/schema";
import { inTransaction, lockFor, type Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import type { BlobStore } from "./blob-store";
import type { ReceivedUpload } from "./receive-upload";
import { analyzeAndStoreUpload } from "./store-upload";
import type { FileRow, FileVersionRow } from "./get-file";
import { getFile } from "./get-file";
import { fileEventData } from "./file-event-data";
import { enqueueWebhookEvent } from "@/lib/webhooks/enqueue-webhook-event";

export interface UploadInput {
  workspaceId: string;
  upload: ReceivedUpload;
  /** An API key id or user id. */
  actor: string;
}

/** A new file with its version 1 and its `file.uploaded` event, written in one transaction after the upload is analysed and stored. */
export async function createFile(
  db: Db,
  blobs: BlobStore,
  input: UploadInput & { name?: string; tags: string[] },
): Promise<{ file: FileRow; version: FileVersionRow }> {
  const analysis = await analyzeAndStoreUpload(db, blobs, input.upload);
  const now = new Date();
  const fileId = newId("file");
  const versionId = newId("fileVersion");
  return await inTransaction(db, async (tx) => {
    const file = (
      await tx
        .insert(files)
        .values({
          id: fileId,
          workspaceId: input.workspaceId,
          name: input.name?.trim() || input.upload.filename,
          format: analysis.format,
          kind: analysis.kind,
          status: "draft",
          tags: input.tags,
          currentVersionId: versionId,
          versionCount: 1,
          sizeBytes: input.upload.sizeBytes,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
    )[0];
    const version = await insertVersion(tx, { id: versionId, fileId, number: 1, input, analysis, now });
    await enqueueWebhookEvent(
      tx,
      {
        workspaceId: input.workspaceId,
        type: "file.uploaded",
        data: fileEventData(file, { version, actor: input.actor }),
      },
      now,
    );
    return { file, version };
  });
}

/** A new version of an existing file (event `file.version_created`); the file returns to `draft`. */
export async function addFileVersion(
  db: Db,
  blobs: BlobStore,
  input: UploadInput & { fileId: string },
): Promise<{ file: FileRow; version: FileVersionRow }> {
  await getFile(db, input.workspaceId, input.fileId);
  const analysis = await analyzeAndStoreUpload(db, blobs, input.upload);
  const now = new Date();
  const versionId = newId("fileVersion");
  return await inTransaction(db, async (tx) => {
    // Version numbers stay gapless and unique when several uploads (or instances) add versions at once.
    await lockFor(tx, `file-versions:${input.fileId}`);
    const current = await getFile(tx, input.workspaceId, input.fileId);
    const version = await insertVersion(tx, {
      id: versionId,
      fileId: current.id,
      number: current.versionCount + 1,
      input,
      analysis,
      now,
    });
    const file = (
      await tx
        .update(files)
        .set({
          format: analysis.format,
          kind: analysis.kind,
          status: "draft",
          currentVersionId: versionId,
          versionCount: sql`${files.versionCount} + 1`,
          sizeBytes: input.upload.sizeBytes,
          updatedAt: now,
        })
        .where(eq(files.id, current.id))
        .returning()
    )[0];
    await enqueueWebhookEvent(
      tx,
      {
        workspaceId: input.workspaceId,
        type: "file.version_created",
        data: fileEventData(file, { version, actor: input.actor }),
      },
      now,
    );
    return { file, version };
  });
}

async function insertVersion(
  db: Db,
  v: {
    id: string;
    fileId: string;
    number: number;
    input: UploadInput;
    analysis: FileVersionRow["analysis"];
    now: Date;
  },
): Promise<FileVersionRow> {
  return (
    await db
      .insert(fileVersions)
      .values({
        id: v.id,
        fileId: v.fileId,
        workspaceId: v.input.workspaceId,
        number: v.number,
        sha256: v.input.upload.sha256,
        sizeBytes: v.input.upload.sizeBytes,
        originalName: v.input.upload.filename,
        format: v.analysis.format,
        kind: v.analysis.kind,
        analysis: v.analysis,
        uploadedBy: v.input.actor,
        createdAt: v.now,
      })
      .returning()
  )[0];
}
