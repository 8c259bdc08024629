import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { storageBuckets } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { keyset, keysetPage, newestFirst, type PageQuery } from "@/lib/db/keyset-page";
import { dataPath } from "@/lib/config";
import { findRegion } from "@/lib/infra/vps/catalogue";
import { assertBucketName } from "./bucket-name";

export type BucketRow = typeof storageBuckets.$inferSelect;

export const bucketDir = (name: string) => dataPath("buckets", name);

export function createBucket(
  db: Db,
  workspaceId: string,
  input: { name: string; region: string },
  now = new Date(),
): BucketRow {
  assertBucketName(input.name);
  if (!findRegion(input.region))
    throw new DomainError("invalid_request", `Unknown region \`${input.region}\`; see GET /v1/vps/regions.`, {
      param: "region",
    });
  const row: BucketRow = { name: input.name, workspaceId, region: input.region, createdAt: now };
  const inserted = db.insert(storageBuckets).values(row).onConflictDoNothing().returning().get();
  if (!inserted)
    throw new DomainError("conflict", `The bucket name \`${input.name}\` is taken; names are global.`, {
      param: "name",
    });
  try {
    fs.mkdirSync(bucketDir(input.name), { recursive: true });
  } catch (error) {
    db.delete(storageBuckets).where(eq(storageBuckets.name, input.name)).run();
    throw error;
  }
  return row;
}

export function listBuckets(db: Db, workspaceId: string, page: PageQuery) {
  const { after, order } = keyset(newestFirst(storageBuckets.createdAt, storageBuckets.name), page.cursor);
  const rows = db
    .select()
    .from(storageBuckets)
    .where(and(eq(storageBuckets.workspaceId, workspaceId), after))
    .orderBy(...order)
    .limit(page.limit + 1)
    .all();
  return keysetPage(rows, page.limit, (r) => ({ v: r.createdAt, id: r.name }));
}

export function getBucket(db: Db, workspaceId: string, name: string): BucketRow {
  const bucket = db
    .select()
    .from(storageBuckets)
    .where(and(eq(storageBuckets.workspaceId, workspaceId), eq(storageBuckets.name, name)))
    .get();
  if (!bucket) throw new DomainError("not_found", `No bucket \`${name}\` in this workspace.`, { param: "name" });
  return bucket;
}

export function deleteBucket(db: Db, workspaceId: string, name: string): void {
  getBucket(db, workspaceId, name);
  const usage = measureDir(bucketDir(name));
  if (usage.objectCount > 0) {
    throw new DomainError(
      "conflict",
      `Bucket \`${name}\` is not empty (${usage.objectCount} ${usage.objectCount === 1 ? "object" : "objects"}); delete its objects first.`,
      {
        details: { object_count: usage.objectCount, size_bytes: usage.sizeBytes },
      },
    );
  }
  db.delete(storageBuckets).where(eq(storageBuckets.name, name)).run();
  fs.rmSync(bucketDir(name), { recursive: true, force: true }); // only empty folders can be left here
}

/** Walks the folder for real sizes: what is on disk is the truth, not a counter that can drift. */
export function measureDir(dir: string): { sizeBytes: number; objectCount: number } {
  let sizeBytes = 0;
  let objectCount = 0;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { sizeBytes, objectCount };
    throw error;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = measureDir(full);
      sizeBytes += inner.sizeBytes;
      objectCount += inner.objectCount;
    } else if (entry.isFile()) {
      sizeBytes += fs.statSync(full).size;
      objectCount++;
    }
  }
  return { sizeBytes, objectCount };
}

export function serializeBucket(row: BucketRow) {
  const usage = measureDir(bucketDir(row.name));
  return {
    name: row.name,
    region: row.region,
    size_bytes: usage.sizeBytes,
    object_count: usage.objectCount,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /v1/storage: totals over every bucket of the workspace. */
export function storageUsage(db: Db, workspaceId: string) {
  const buckets = db
    .select()
    .from(storageBuckets)
    .where(eq(storageBuckets.workspaceId, workspaceId))
    .all()
    .map(serializeBucket);
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
