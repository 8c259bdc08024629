import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { storageObjects } from "@/db/schema";
import { inTransaction, lockFor, type Db } from "@/lib/db/client";
import { startsWithBytes } from "@/lib/db/portable-sql";
import { DomainError } from "@/lib/errors";
import { randomToken } from "@/lib/ids";
import { bucketDir, getBucket } from "./manage-buckets";
import { assertObjectKey } from "./object-key";
import { assertWithinQuota, remainingBytes, storageQuotaLock } from "./storage-quota";
import { openTemp, SINGLE_PUT_MAX_BYTES, tempPath, tooLarge, writeBlob } from "./write-blob";

export type ObjectRow = typeof storageObjects.$inferSelect;

export interface ObjectAttributes {
  contentType?: string;
  metadata?: Record<string, string>;
}

export const blobPath = (row: Pick<ObjectRow, "bucket" | "blob">) => path.join(bucketDir(row.bucket), row.blob);

export async function findObject(db: Db, workspaceId: string, bucket: string, key: string): Promise<ObjectRow> {
  await getBucket(db, workspaceId, bucket);
  const row = (
    await db
      .select()
      .from(storageObjects)
      .where(and(eq(storageObjects.bucket, bucket), eq(storageObjects.key, key)))
      .limit(1)
  )[0];
  if (!row)
    throw new DomainError("not_found", `No object \`${key}\` in bucket ${bucket}.`, {
      param: "key",
      details: { s3_code: "NoSuchKey" },
    });
  return row;
}

const existingSize = async (db: Db, bucket: string, key: string) =>
  (
    await db
      .select({ size: storageObjects.sizeBytes })
      .from(storageObjects)
      .where(and(eq(storageObjects.bucket, bucket), eq(storageObjects.key, key)))
      .limit(1)
  )[0]?.size ?? 0;

/**
 * Moves a finished temp file into the bucket and points the key at it in one transaction (quota checked again
 * inside it, so two racing writers cannot both pass), then removes the blob it replaced. A reader holding the
 * old blob open keeps reading it; nobody ever sees half an object.
 */
export async function commitBlob(
  db: Db,
  workspaceId: string,
  fields: Omit<ObjectRow, "workspaceId" | "blob" | "modifiedAt" | "metadata"> & { metadata: Record<string, string> },
  tmp: string,
  alsoFreed = 0,
  now = new Date(),
): Promise<ObjectRow> {
  const row: ObjectRow = {
    ...fields,
    workspaceId,
    metadata: JSON.stringify(fields.metadata),
    blob: randomToken(24),
    modifiedAt: now,
  };
  const target = blobPath(row);
  try {
    fs.renameSync(tmp, target);
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    if ((error as NodeJS.ErrnoException).code === "ENOENT") await getBucket(db, workspaceId, row.bucket);
    throw error;
  }
  let replaced: string | undefined;
  try {
    await inTransaction(db, async (tx) => {
      // Commits of one workspace queue here, so each quota check sees the others' bytes (PostgreSQL).
      await lockFor(tx, storageQuotaLock(workspaceId));
      await getBucket(tx, workspaceId, row.bucket);
      const old = (
        await tx
          .select({ blob: storageObjects.blob, size: storageObjects.sizeBytes })
          .from(storageObjects)
          .where(and(eq(storageObjects.bucket, row.bucket), eq(storageObjects.key, row.key)))
          .limit(1)
      )[0];
      await assertWithinQuota(tx, workspaceId, row.sizeBytes, (old?.size ?? 0) + alsoFreed);
      await tx
        .insert(storageObjects)
        .values(row)
        .onConflictDoUpdate({ target: [storageObjects.bucket, storageObjects.key], set: { ...row } });
      replaced = old?.blob;
    });
  } catch (error) {
    fs.rmSync(target, { force: true });
    throw error;
  }
  if (replaced) fs.rmSync(path.join(bucketDir(row.bucket), replaced), { force: true });
  return row;
}

/** PutObject: the body streams to disk, its MD5 becomes the ETag. */
export async function putObjectStream(
  db: Db,
  workspaceId: string,
  bucket: string,
  key: string,
  body: Readable,
  options: ObjectAttributes & {
    expectedLength?: number;
    contentMd5?: string;
    expectedSha256?: string;
    sha256?: boolean;
  } = {},
): Promise<ObjectRow & { sha256: string | null }> {
  await getBucket(db, workspaceId, bucket);
  assertObjectKey(key);
  const room = await remainingBytes(db, workspaceId, await existingSize(db, bucket, key));
  if (options.expectedLength !== undefined) {
    if (options.expectedLength > SINGLE_PUT_MAX_BYTES) throw tooLarge(SINGLE_PUT_MAX_BYTES);
    await assertWithinQuota(db, workspaceId, options.expectedLength, await existingSize(db, bucket, key));
  }
  const blob = await writeBlob(body, {
    maxBytes: Math.min(SINGLE_PUT_MAX_BYTES, room),
    expectedLength: options.expectedLength,
    contentMd5: options.contentMd5,
    expectedSha256: options.expectedSha256,
    sha256: options.sha256,
  });
  const row = await commitBlob(
    db,
    workspaceId,
    {
      bucket,
      key,
      sizeBytes: blob.sizeBytes,
      etag: blob.md5.toString("hex"),
      contentType: options.contentType ?? "application/octet-stream",
      metadata: options.metadata ?? {},
    },
    blob.tmp,
  );
  return { ...row, sha256: blob.sha256 };
}

/** Returns false when there was no such key (S3's DeleteObject succeeds either way). */
export async function deleteObjectRow(db: Db, workspaceId: string, bucket: string, key: string): Promise<boolean> {
  await getBucket(db, workspaceId, bucket);
  const row = (
    await db
      .delete(storageObjects)
      .where(and(eq(storageObjects.bucket, bucket), eq(storageObjects.key, key)))
      .returning()
  )[0];
  if (row) fs.rmSync(blobPath(row), { force: true });
  return row !== undefined;
}

export interface ObjectListing {
  objects: ObjectRow[];
  commonPrefixes: string[];
  /** Everything after this string (exclusive) is not listed yet; null when the listing is complete. */
  next: string | null;
}

/** Sorts after every key that begins with `prefix` (U+10FFFF is the largest code point; SQLite compares UTF-8 bytes). */
const pastPrefix = (prefix: string) => `${prefix}\u{10FFFF}`;

/**
 * ListObjectsV2's walk: keys in UTF-8 byte order after `after`, under `prefix`; with a delimiter, keys that share
 * a prefix up to it roll up into one common prefix, and the walk jumps past all of them at once.
 */
export async function listObjectRows(
  db: Db,
  workspaceId: string,
  bucket: string,
  query: { prefix?: string; delimiter?: string; after?: string; maxKeys: number },
): Promise<ObjectListing> {
  await getBucket(db, workspaceId, bucket);
  const prefix = query.prefix ?? "";
  const objects: ObjectRow[] = [];
  const commonPrefixes: string[] = [];
  let cursor = query.after && query.after > prefix ? query.after : null;
  let last: string | null = null;
  const batch = Math.min(1000, query.maxKeys + 1);
  while (objects.length + commonPrefixes.length < query.maxKeys) {
    const rows = await db
      .select()
      .from(storageObjects)
      .where(
        and(
          eq(storageObjects.bucket, bucket),
          cursor === null ? sql`${storageObjects.key} >= ${prefix}` : gt(storageObjects.key, cursor),
          startsWithBytes(db, storageObjects.key, prefix),
        ),
      )
      .orderBy(asc(storageObjects.key))
      .limit(batch);
    if (rows.length === 0) return { objects, commonPrefixes, next: null };
    let jumped = false;
    for (const row of rows) {
      const at = query.delimiter ? row.key.indexOf(query.delimiter, prefix.length) : -1;
      if (at >= 0) {
        const common = row.key.slice(0, at + query.delimiter!.length);
        commonPrefixes.push(common);
        cursor = last = pastPrefix(common);
        jumped = true;
        break;
      }
      objects.push(row);
      cursor = last = row.key;
      if (objects.length + commonPrefixes.length >= query.maxKeys) break;
    }
    if (!jumped && rows.length < batch && objects.length + commonPrefixes.length < query.maxKeys)
      return { objects, commonPrefixes, next: null };
  }
  const more = (
    await db
      .select({ key: storageObjects.key })
      .from(storageObjects)
      .where(
        and(
          eq(storageObjects.bucket, bucket),
          gt(storageObjects.key, last ?? prefix),
          startsWithBytes(db, storageObjects.key, prefix),
        ),
      )
      .limit(1)
  )[0];
  return { objects, commonPrefixes, next: more ? last : null };
}

/** The row and an open handle on its blob: once open, an overwrite or delete cannot pull the bytes away. */
export async function openObject(
  db: Db,
  workspaceId: string,
  bucket: string,
  key: string,
): Promise<{ row: ObjectRow; handle: fs.promises.FileHandle }> {
  for (let attempt = 0; ; attempt++) {
    const row = await findObject(db, workspaceId, bucket, key);
    try {
      return { row, handle: await fs.promises.open(blobPath(row), "r") };
    } catch (error) {
      // Replaced between the lookup and the open: look again.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || attempt > 3) throw error;
    }
  }
}

/** CopyObject: the blob streamed to a new one under the target key (same ETag, same bytes). */
export async function copyObjectRow(
  db: Db,
  workspaceId: string,
  source: { bucket: string; key: string },
  target: { bucket: string; key: string },
  replace: ObjectAttributes | null,
): Promise<ObjectRow> {
  await getBucket(db, workspaceId, target.bucket);
  assertObjectKey(target.key);
  const { row, handle } = await openObject(db, workspaceId, source.bucket, source.key);
  const tmp = tempPath();
  try {
    await assertWithinQuota(db, workspaceId, row.sizeBytes, await existingSize(db, target.bucket, target.key));
    await pipeline(handle.createReadStream(), openTemp(tmp));
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    throw error;
  } finally {
    await handle.close().catch(() => {});
  }
  return await commitBlob(
    db,
    workspaceId,
    {
      ...target,
      sizeBytes: row.sizeBytes,
      etag: row.etag,
      contentType: replace ? (replace.contentType ?? "application/octet-stream") : row.contentType,
      metadata: replace ? (replace.metadata ?? {}) : (JSON.parse(row.metadata) as Record<string, string>),
    },
    tmp,
  );
}
