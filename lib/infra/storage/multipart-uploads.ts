import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { and, asc, eq } from "drizzle-orm";
import { storageUploadParts, storageUploads } from "@/db/schema";
import { inTransaction, lockFor, type Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { getBucket, uploadDir } from "./manage-buckets";
import { assertObjectKey } from "./object-key";
import { commitBlob, type ObjectAttributes, type ObjectRow } from "./object-store";
import { assertWithinQuota, remainingBytes, storageQuotaLock } from "./storage-quota";
import { concatenateFiles } from "./concatenate-files";
import { SINGLE_PUT_MAX_BYTES, tempPath, tooLarge, writeBlob } from "./write-blob";

export type UploadRow = typeof storageUploads.$inferSelect;
export type PartRow = typeof storageUploadParts.$inferSelect;

/** S3's limits: parts 1–10000, each but the last at least 5 MiB, each at most 5 GiB. */
export const MAX_PART_NUMBER = 10_000;
export const MIN_PART_BYTES = 5 * 1024 * 1024;

const fail = (code: "invalid_request" | "not_found", s3: string, message: string) =>
  new DomainError(code, message, { details: { s3_code: s3 } });

export async function createUpload(
  db: Db,
  workspaceId: string,
  bucket: string,
  key: string,
  attributes: ObjectAttributes = {},
  now = new Date(),
): Promise<UploadRow> {
  await getBucket(db, workspaceId, bucket);
  assertObjectKey(key);
  const row: UploadRow = {
    id: newId("storageUpload"),
    bucket,
    workspaceId,
    key,
    contentType: attributes.contentType ?? "application/octet-stream",
    metadata: JSON.stringify(attributes.metadata ?? {}),
    createdAt: now,
  };
  await db.insert(storageUploads).values(row);
  fs.mkdirSync(uploadDir(row.id), { recursive: true });
  return row;
}

export async function findUpload(
  db: Db,
  workspaceId: string,
  bucket: string,
  key: string,
  uploadId: string,
): Promise<UploadRow> {
  await getBucket(db, workspaceId, bucket);
  const row = (
    await db
      .select()
      .from(storageUploads)
      .where(and(eq(storageUploads.id, uploadId), eq(storageUploads.bucket, bucket), eq(storageUploads.key, key)))
      .limit(1)
  )[0];
  if (!row)
    throw fail(
      "not_found",
      "NoSuchUpload",
      "The specified upload does not exist; it may have been aborted or completed.",
    );
  return row;
}

/** ListMultipartUploads: the bucket's unfinished uploads in key order, after the markers. */
export async function listUploads(
  db: Db,
  workspaceId: string,
  bucket: string,
  query: { prefix: string; keyMarker: string; uploadIdMarker: string; limit: number },
): Promise<UploadRow[]> {
  await getBucket(db, workspaceId, bucket);
  return (
    await db
      .select()
      .from(storageUploads)
      .where(eq(storageUploads.bucket, bucket))
      .orderBy(asc(storageUploads.key), asc(storageUploads.id))
  )
    .filter(
      (u) =>
        u.key.startsWith(query.prefix) &&
        (u.key > query.keyMarker || (u.key === query.keyMarker && u.id > query.uploadIdMarker)),
    )
    .slice(0, query.limit + 1);
}

const partFile = (uploadId: string, partNumber: number) => path.join(uploadDir(uploadId), String(partNumber));

export async function writePart(
  db: Db,
  upload: UploadRow,
  partNumber: number,
  body: Readable,
  options: { expectedLength?: number; contentMd5?: string; expectedSha256?: string },
): Promise<PartRow> {
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER)
    throw fail("invalid_request", "InvalidArgument", `Part numbers are 1–${MAX_PART_NUMBER}.`);
  const previous = (
    await db
      .select({ size: storageUploadParts.sizeBytes })
      .from(storageUploadParts)
      .where(and(eq(storageUploadParts.uploadId, upload.id), eq(storageUploadParts.partNumber, partNumber)))
      .limit(1)
  )[0];
  if (options.expectedLength !== undefined) {
    if (options.expectedLength > SINGLE_PUT_MAX_BYTES) throw tooLarge(SINGLE_PUT_MAX_BYTES);
    await assertWithinQuota(db, upload.workspaceId, options.expectedLength, previous?.size ?? 0);
  }
  const room = await remainingBytes(db, upload.workspaceId, previous?.size ?? 0);
  const blob = await writeBlob(body, { ...options, maxBytes: Math.min(SINGLE_PUT_MAX_BYTES, room) });
  const row: PartRow = {
    uploadId: upload.id,
    partNumber,
    sizeBytes: blob.sizeBytes,
    etag: blob.md5.toString("hex"),
    modifiedAt: new Date(),
  };
  try {
    await inTransaction(db, async (tx) => {
      // As an object's commit: checked again under the workspace's lock, with what raced in meanwhile, and
      // only then put in place (a refused re-send leaves the part it would have replaced).
      await lockFor(tx, storageQuotaLock(upload.workspaceId));
      const replaced = await tx
        .select({ size: storageUploadParts.sizeBytes })
        .from(storageUploadParts)
        .where(and(eq(storageUploadParts.uploadId, upload.id), eq(storageUploadParts.partNumber, partNumber)))
        .limit(1);
      await assertWithinQuota(tx, upload.workspaceId, row.sizeBytes, replaced[0]?.size ?? 0);
      try {
        fs.renameSync(blob.tmp, partFile(upload.id, partNumber));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT")
          throw fail("not_found", "NoSuchUpload", "The upload was aborted or completed meanwhile.");
        throw error;
      }
      await tx
        .insert(storageUploadParts)
        .values(row)
        .onConflictDoUpdate({ target: [storageUploadParts.uploadId, storageUploadParts.partNumber], set: { ...row } });
    });
  } finally {
    fs.rmSync(blob.tmp, { force: true }); // gone once renamed
  }
  return row;
}

export async function listParts(db: Db, uploadId: string): Promise<PartRow[]> {
  return await db
    .select()
    .from(storageUploadParts)
    .where(eq(storageUploadParts.uploadId, uploadId))
    .orderBy(asc(storageUploadParts.partNumber));
}

/** Removes the upload and its parts; a no-op past the first call. */
export async function abortUpload(db: Db, upload: UploadRow): Promise<void> {
  await db.delete(storageUploads).where(eq(storageUploads.id, upload.id));
  fs.rmSync(uploadDir(upload.id), { recursive: true, force: true });
}

/**
 * Joins the listed parts, in order, into one blob (copied in the kernel) and commits it under the upload's key
 * with S3's multipart ETag: the MD5 of the parts' binary MD5s, a dash, the part count.
 */
export async function completeUpload(
  db: Db,
  upload: UploadRow,
  requested: { partNumber: number; etag: string }[],
): Promise<ObjectRow> {
  if (requested.length === 0) throw fail("invalid_request", "MalformedXML", "List at least one part.");
  for (let i = 1; i < requested.length; i++)
    if (requested[i].partNumber <= requested[i - 1].partNumber)
      throw fail("invalid_request", "InvalidPartOrder", "The list of parts was not in ascending order.");
  const stored = new Map((await listParts(db, upload.id)).map((p) => [p.partNumber, p]));
  const parts = requested.map((r) => {
    const part = stored.get(r.partNumber);
    if (!part || part.etag !== r.etag.replace(/"/g, "").toLowerCase())
      throw fail("invalid_request", "InvalidPart", `Part ${r.partNumber} was not uploaded or its ETag does not match.`);
    return part;
  });
  const small = parts.slice(0, -1).find((p) => p.sizeBytes < MIN_PART_BYTES);
  if (small)
    throw fail("invalid_request", "EntityTooSmall", `Part ${small.partNumber} is smaller than 5 MiB and not the last.`);
  const tmp = tempPath();
  try {
    await concatenateFiles(
      parts.map((part) => partFile(upload.id, part.partNumber)),
      tmp,
    );
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    throw error;
  }
  const md5s = Buffer.concat(parts.map((p) => Buffer.from(p.etag, "hex")));
  const etag = `${createHash("md5").update(md5s).digest("hex")}-${parts.length}`;
  const sizeBytes = parts.reduce((sum, p) => sum + p.sizeBytes, 0);
  const row = await commitBlob(
    db,
    upload.workspaceId,
    {
      bucket: upload.bucket,
      key: upload.key,
      sizeBytes,
      etag,
      contentType: upload.contentType,
      metadata: JSON.parse(upload.metadata) as Record<string, string>,
    },
    tmp,
    sizeBytes, // the parts already count against the quota, and the object replaces them
  );
  await abortUpload(db, upload);
  return row;
}
