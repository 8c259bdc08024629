import fs from "node:fs";
import { Readable } from "node:stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { storageObjects } from "@/db/schema";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import type { Db } from "@/lib/db/client";
import { isDomainError } from "@/lib/errors";
import { STORAGE_QUOTA_BYTES } from "@/lib/plans/plans";
import { createBucket, uploadDir } from "./manage-buckets";
import { createUpload, writePart } from "./multipart-uploads";
import { putObjectStream } from "./object-store";
import { usedBytes } from "./storage-quota";

let db: Db;
let dir: string;
beforeAll(async () => {
  ({ db, dir } = await useTestDb());
  process.env.DATA_DIR = dir;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const KIB = 1024;

/** A solo_edge workspace with a bucket whose quota leaves `room` bytes (the rest an index row, never read). */
async function nearlyFull(bucket: string, room: number) {
  const { workspace } = await seedWorkspace(db, { infraPlan: "solo_edge" });
  await createBucket(db, workspace.id, { name: bucket, region: "sgp1" });
  await db.insert(storageObjects).values({
    bucket,
    key: "filler",
    workspaceId: workspace.id,
    blob: "filler",
    sizeBytes: STORAGE_QUOTA_BYTES.solo_edge - room,
    etag: "0",
    contentType: "application/octet-stream",
    modifiedAt: new Date(),
  });
  return workspace.id;
}

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => "stored",
    (error) => (isDomainError(error) ? error.code : Promise.reject(error)),
  );

// Run on PostgreSQL too (npm run test:postgres), where commits race for real: each checks the quota again under
// the workspace's lock, so the last free bytes go to exactly as many writes as fit.
it("10 writes of 1 KiB racing for 5 KiB of quota: exactly 5 are stored, objects and parts alike", async () => {
  const objects = await nearlyFull("quota-race-objects", 5 * KIB);
  const put = (i: number) =>
    putObjectStream(db, objects, "quota-race-objects", `o${i}`, Readable.from([Buffer.alloc(KIB, i)]));
  const results = await Promise.all(Array.from({ length: 10 }, (_, i) => outcome(put(i))));
  expect(results.filter((r) => r === "stored")).toHaveLength(5);
  expect(results.filter((r) => r === "quota_exceeded")).toHaveLength(5);
  expect(await usedBytes(db, objects)).toBe(STORAGE_QUOTA_BYTES.solo_edge);

  const parts = await nearlyFull("quota-race-parts", 5 * KIB);
  const upload = await createUpload(db, parts, "quota-race-parts", "big");
  const part = (n: number) => writePart(db, upload, n, Readable.from([Buffer.alloc(KIB, n)]), {});
  const partResults = await Promise.all(Array.from({ length: 10 }, (_, i) => outcome(part(i + 1))));
  expect(partResults.filter((r) => r === "stored")).toHaveLength(5);
  expect(await usedBytes(db, parts)).toBe(STORAGE_QUOTA_BYTES.solo_edge);
  // Nothing half-written: the refused parts left no file behind.
  expect(fs.readdirSync(uploadDir(upload.id))).toHaveLength(5);
  expect(fs.readdirSync(`${dir}/tmp/storage`)).toEqual([]);
});
