import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { CreateBucketCommand, type S3Client } from "@aws-sdk/client-s3";
import { blobReservations, fileVersions } from "@/db/schema";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { addTestVersion, boxStl, createTestFile } from "@/test/helpers/files";
import { startS3rver, testS3Client, type TestS3rver } from "@/test/helpers/s3rver";
import { createProfile, startTestS3 } from "@/test/helpers/s3";
import type { RunningServer } from "@/lib/infra/dns/dns-server";
import type { Db } from "@/lib/db/client";
import { LocalBlobStore, type BlobStore } from "./blob-store";
import { S3BlobStore } from "./s3-blob-store";
import { BLOB_GRACE_MS, sweepUnusedBlobs } from "./blob-reservations";
import { deleteFile } from "./update-file";

let db: Db;
let dir: string;
let s3rver: TestS3rver;
let bengkel: { server: RunningServer; client: S3Client };
const dataDir = process.env.DATA_DIR;
beforeAll(async () => {
  ({ db, dir } = await useTestDb());
  process.env.DATA_DIR = dir; // Bengkel's endpoint keeps its objects under DATA_DIR
  s3rver = await startS3rver();
  const { server, endpoint } = await startTestS3(db);
  const profile = await createProfile(db, (await seedWorkspace(db)).workspace.id);
  const client = testS3Client(endpoint, { accessKeyId: profile.accessKeyId, secretAccessKey: profile.secret });
  await client.send(new CreateBucketCommand({ Bucket: "bengkel-blobs" }));
  bengkel = { server, client };
});
afterAll(async () => {
  await s3rver.stop();
  bengkel.client.destroy();
  await bengkel.server.stop();
  if (dataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = dataDir;
  fs.rmSync(dir, { recursive: true, force: true });
});

const stores: Record<string, () => BlobStore> = {
  local: () => new LocalBlobStore(path.join(dir, "local", "blobs")),
  "S3 (s3rver)": () =>
    new S3BlobStore({ client: s3rver.client, bucket: s3rver.bucket, prefix: "", tempRoot: path.join(dir, "s3rver") }),
  "S3 (Bengkel's endpoint)": () =>
    new S3BlobStore({ client: bengkel.client, bucket: "bengkel-blobs", prefix: "", tempRoot: path.join(dir, "own") }),
};

/** A point where one operation on blob `sha` stops until the test lets it go on. */
type Gate = ReturnType<typeof gate>;
function gate(sha: string) {
  let arrive!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((resolve) => (arrive = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return { sha, reached, released, arrive: () => arrive(), release: () => release() };
}

/** The store, with a gate the test may set after putFile and one before delete: how two instances interleave. */
function interleaved(inner: BlobStore) {
  const gates: { afterPut?: Gate; beforeDelete?: Gate } = {};
  /** Stops at the gate set for this blob, if any (once). */
  const pass = async (which: keyof typeof gates, sha: string) => {
    const held = gates[which];
    if (held?.sha !== sha) return;
    delete gates[which];
    held.arrive();
    await held.released;
  };
  const store: BlobStore = {
    display: inner.display,
    tempDir: () => inner.tempDir(),
    sweepTemp: (maxAgeMs) => inner.sweepTemp(maxAgeMs),
    read: (sha) => inner.read(sha),
    stream: (sha, range) => inner.stream(sha, range),
    withLocalFile: (sha, work) => inner.withLocalFile(sha, work),
    async putFile(tempPath, sha) {
      await inner.putFile(tempPath, sha);
      await pass("afterPut", sha);
    },
    async delete(sha) {
      await pass("beforeDelete", sha);
      await inner.delete(sha);
    },
  };
  return { store, gates };
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const graceFromNow = (extraMs: number) => new Date(Date.now() + BLOB_GRACE_MS + extraMs);

// One database for both stores, as a deployment has: each store's tests upload bytes of their own (a box a bit larger).
describe.each(Object.keys(stores).map((name, i) => [name, i]))(
  "deleting a file while identical bytes are uploaded (%s store)",
  (name, offset) => {
    let store: BlobStore;
    let gates: ReturnType<typeof interleaved>["gates"];
    let workspaceId: string;
    beforeAll(async () => {
      ({ store, gates } = interleaved(stores[name]()));
      workspaceId = (await seedWorkspace(db)).workspace.id;
    });
    const holds = async (sha: string) =>
      store.read(sha).then(
        (bytes) => sha256(bytes) === sha,
        () => false,
      );

    it("keeps the blob an upload found already stored while the last version using it is deleted", async () => {
      const bytes = boxStl(31 + offset, 32, 33);
      const sha = sha256(Buffer.from(bytes));
      const first = await createTestFile(db, store, workspaceId, bytes, "first.stl");
      // Upload B finds the bytes stored (putFile skips them) and stops before writing its version…
      const afterPut = (gates.afterPut = gate(sha));
      const second = createTestFile(db, store, workspaceId, bytes, "second.stl");
      await afterPut.reached;
      // …while A, the last version using them, is deleted and a sweep runs on another instance.
      await deleteFile(db, store, workspaceId, first.file.id);
      expect(await sweepUnusedBlobs(db, store, graceFromNow(-1000))).toBe(0);
      expect(await holds(sha)).toBe(true);
      afterPut.release();
      const { version } = await second;
      expect([version.sha256, await holds(sha)]).toEqual([sha, true]);
      // Past the grace period the version alone protects the bytes; once it is deleted too, the sweep takes them.
      expect(await sweepUnusedBlobs(db, store, graceFromNow(1000))).toBe(0);
      expect(await holds(sha)).toBe(true);
      await deleteFile(db, store, workspaceId, version.fileId);
      expect(await sweepUnusedBlobs(db, store, graceFromNow(1000))).toBe(1);
      expect(await holds(sha)).toBe(false);
      expect(await db.select().from(blobReservations).where(eq(blobReservations.sha256, sha))).toEqual([]);
    });

    it("makes an upload that reserves bytes a sweep is deleting wait, then store them anew", async () => {
      const bytes = boxStl(41 + offset, 42, 43);
      const sha = sha256(Buffer.from(bytes));
      const first = await createTestFile(db, store, workspaceId, bytes, "first.stl");
      await deleteFile(db, store, workspaceId, first.file.id);
      const [released] = await db.select().from(blobReservations).where(eq(blobReservations.sha256, sha));
      // The sweep claims the bytes and stops just before deleting them…
      const beforeDelete = (gates.beforeDelete = gate(sha));
      const sweep = sweepUnusedBlobs(db, store, graceFromNow(1000));
      await beforeDelete.reached;
      // …while an upload of the same bytes reserves them: it must wait for the delete to finish.
      const upload = createTestFile(db, store, workspaceId, bytes, "again.stl");
      for (let seen = released.reservedAt; seen <= released.reservedAt; ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        [{ reservedAt: seen }] = await db.select().from(blobReservations).where(eq(blobReservations.sha256, sha));
      }
      await new Promise((resolve) => setTimeout(resolve, 300)); // a few of its polls
      expect(await db.select().from(fileVersions).where(eq(fileVersions.sha256, sha))).toEqual([]);
      beforeDelete.release();
      expect(await sweep).toBe(1);
      const { version } = await upload;
      expect([version.sha256, await holds(sha)]).toEqual([sha, true]);
      const [row] = await db.select().from(blobReservations).where(eq(blobReservations.sha256, sha));
      expect(row.deletingAt).toBeNull();
    });

    it("lets the sweep take the bytes of a version whose file was deleted while they were being stored", async () => {
      const { file } = await createTestFile(db, store, workspaceId, boxStl(61 + offset, 62, 63), "file.stl");
      const bytes = boxStl(71 + offset, 72, 73);
      const sha = sha256(Buffer.from(bytes));
      const afterPut = (gates.afterPut = gate(sha));
      const version = addTestVersion(db, store, workspaceId, file.id, bytes, "v2.stl");
      await afterPut.reached;
      await deleteFile(db, store, workspaceId, file.id);
      afterPut.release();
      await expect(version).rejects.toMatchObject({ code: "not_found" });
      expect(await holds(sha)).toBe(true); // within the grace period, an upload of the same bytes may still rely on them
      // The bytes of version 1 and those of the version that was never written.
      expect(await sweepUnusedBlobs(db, store, graceFromNow(1000))).toBe(2);
      expect(await holds(sha)).toBe(false);
    });

    it("deletes an unused blob once when several instances sweep at the same time", async () => {
      const bytes = boxStl(51 + offset, 52, 53);
      const sha = sha256(Buffer.from(bytes));
      const { file } = await createTestFile(db, store, workspaceId, bytes, "once.stl");
      await deleteFile(db, store, workspaceId, file.id);
      const at = graceFromNow(1000);
      const counts = await Promise.all([1, 2, 3].map(() => sweepUnusedBlobs(db, store, at)));
      expect([counts.reduce((a, b) => a + b, 0), await holds(sha)]).toEqual([1, false]);
    });
  },
);
