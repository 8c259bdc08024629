import fs from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { storageBuckets, storageObjects, storageUploads } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { keyset, keysetPage, newestFirst, type PageQuery } from "@/lib/db/keyset-page";
import { dataPath } from "@/lib/config";
import { findRegion } from "@/lib/infra/vps/catalogue";
import { assertBucketName } from "./bucket-name";

export type BucketRow = typeof storageBuckets.$inferSelect;

export const bucketDir = (name: string) => dataPath("buckets", name);
export const uploadDir = (id: string) => dataPath("tmp", "multipart", id);

export async function createBucket(
  db: Db,
  workspaceId: string,
  input: { name: string; region: string },
  now = new Date(),
): Promise<BucketRow> {
  assertBucketName(input.name);
  if (!findRegion(input.region))
    throw new DomainError("invalid_request", `Unknown region \`${input.region}\`; see GET /v1/vps/regions.`, {
      param: "region",
    });
  const row: BucketRow = { name: input.name, workspaceId, region: input.region, createdAt: now };
  const inserted = (await db.insert(storageBuckets).values(row).onConflictDoNothing().returning())[0];
  if (!inserted)
    throw new DomainError("conflict", `The bucket name \`${input.name}\` is taken; names are global.`, {
      param: "name",
      details: { s3_code: "BucketAlreadyExists" },
    });
  try {
    fs.mkdirSync(bucketDir(input.name), { recursive: true });
  } catch (error) {
    await db.delete(storageBuckets).where(eq(storageBuckets.name, input.name));
    throw error;
  }
  return row;
}

export async function listBuckets(db: Db, workspaceId: string, page: PageQuery) {
  const { after, order } = keyset(newestFirst(storageBuckets.createdAt, storageBuckets.name), page.cursor);
  const rows = await db
    .select()
    .from(storageBuckets)
    .where(and(eq(storageBuckets.workspaceId, workspaceId), after))
    .orderBy(...order)
    .limit(page.limit + 1);
  return keysetPage(rows, page.limit, (r) => ({ v: r.createdAt, id: r.name }));
}

export async function getBucket(db: Db, workspaceId: string, name: string): Promise<BucketRow> {
  const bucket = (
    await db
      .select()
      .from(storageBuckets)
      .where(and(eq(storageBuckets.workspaceId, workspaceId), eq(storageBuckets.name, name)))
      .limit(1)
  )[0];
  if (!bucket)
    throw new DomainError("not_found", `No bucket \`${name}\` in this workspace.`, {
      param: "name",
      details: { s3_code: "NoSuchBucket" },
    });
  return bucket;
}

export async function deleteBucket(db: Db, workspaceId: string, name: string): Promise<void> {
  await getBucket(db, workspaceId, name);
  const usage = await bucketUsage(db, name);
  if (usage.objectCount > 0) {
    throw new DomainError(
      "conflict",
      `Bucket \`${name}\` is not empty (${usage.objectCount} ${usage.objectCount === 1 ? "object" : "objects"}); delete its objects first.`,
      {
        details: { object_count: usage.objectCount, size_bytes: usage.sizeBytes, s3_code: "BucketNotEmpty" },
      },
    );
  }
  // Unfinished multipart uploads go with the bucket (their rows cascade), as S3 aborts them.
  const uploads = await db
    .select({ id: storageUploads.id })
    .from(storageUploads)
    .where(eq(storageUploads.bucket, name));
  await db.delete(storageBuckets).where(eq(storageBuckets.name, name));
  for (const upload of uploads) fs.rmSync(uploadDir(upload.id), { recursive: true, force: true });
  fs.rmSync(bucketDir(name), { recursive: true, force: true });
}

/** Counted from the object index, which every write goes through, so the figures are exact. */
export async function bucketUsage(db: Db, name: string): Promise<{ sizeBytes: number; objectCount: number }> {
  return (
    await db
      .select({
        sizeBytes: sql<number>`coalesce(sum(${storageObjects.sizeBytes}), 0)`,
        objectCount: sql<number>`count(*)`,
      })
      .from(storageObjects)
      .where(eq(storageObjects.bucket, name))
      .limit(1)
  )[0]!;
}

export async function serializeBucket(db: Db, row: BucketRow) {
  const usage = await bucketUsage(db, row.name);
  return {
    name: row.name,
    region: row.region,
    size_bytes: usage.sizeBytes,
    object_count: usage.objectCount,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /v1/storage: totals over every bucket of the workspace. */
export async function storageUsage(db: Db, workspaceId: string) {
  const rows = await db.select().from(storageBuckets).where(eq(storageBuckets.workspaceId, workspaceId));
  const buckets = await Promise.all(rows.map(async (row) => await serializeBucket(db, row)));
  return {
    bucket_count: buckets.length,
    size_bytes: buckets.reduce((sum, b) => sum + b.size_bytes, 0),
    object_count: buckets.reduce((sum, b) => sum + b.object_count, 0),
    by_region: Object.entries(
      buckets.reduce<Record<string, { size_bytes: number; bucket_count: number }>>((acc, b) => {
        const r = (acc[b.region] ??= { size_bytes: 0, bucket_count: 0 });
        r.size_bytes += b.size_bytes;
        r.bucket_count++;
        return acc;
      }, {}),
    ).map(([region, v]) => ({ region, ...v })),
  };
}

/** Every bucket of the workspace by name (S3's ListBuckets has no paging for a workspace's few buckets). */
export async function allBuckets(db: Db, workspaceId: string): Promise<BucketRow[]> {
  return await db
    .select()
    .from(storageBuckets)
    .where(eq(storageBuckets.workspaceId, workspaceId))
    .orderBy(storageBuckets.name);
}
