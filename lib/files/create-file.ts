import { eq, sql } from "drizzle-orm";
import { files, fileVersions } from "@/db/schema";
import { IMMEDIATE, type Db } from "@/lib/db/client";
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
  return db.transaction((tx) => {
    const file = tx
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
      .get();
    const version = insertVersion(tx as unknown as Db, { id: versionId, fileId, number: 1, input, analysis, now });
    enqueueWebhookEvent(
      tx,
      {
        workspaceId: input.workspaceId,
        type: "file.uploaded",
        data: fileEventData(file, { version, actor: input.actor }),
      },
      now,
    );
    return { file, version };
  }, IMMEDIATE);
}

/** A new version of an existing file (event `file.version_created`); the file returns to `draft`. */
export async function addFileVersion(
  db: Db,
  blobs: BlobStore,
  input: UploadInput & { fileId: string },
): Promise<{ file: FileRow; version: FileVersionRow }> {
  getFile(db, input.workspaceId, input.fileId);
  const analysis = await analyzeAndStoreUpload(db, blobs, input.upload);
  const now = new Date();
  const versionId = newId("fileVersion");
  return db.transaction((tx) => {
    const current = getFile(tx as unknown as Db, input.workspaceId, input.fileId);
    const version = insertVersion(tx as unknown as Db, {
      id: versionId,
      fileId: current.id,
      number: current.versionCount + 1,
      input,
      analysis,
      now,
    });
    const file = tx
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
      .get();
    enqueueWebhookEvent(
      tx,
      {
        workspaceId: input.workspaceId,
        type: "file.version_created",
        data: fileEventData(file, { version, actor: input.actor }),
      },
      now,
    );
    return { file, version };
  }, IMMEDIATE);
}

function insertVersion(
  db: Db,
  v: {
    id: string;
    fileId: string;
    number: number;
    input: UploadInput;
    analysis: FileVersionRow["analysis"];
    now: Date;
  },
): FileVersionRow {
  return db
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
    .get();
}
