import fs from "node:fs";
import path from "node:path";
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreateBucketCommand, ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { createProfile, startTestS3 } from "@/test/helpers/s3";
import { startS3rver, testS3Client } from "@/test/helpers/s3rver";
import type { Db } from "@/lib/db/client";
import { PART_BYTES, S3BlobStore } from "./s3-blob-store";

interface Backend {
  client: S3Client;
  bucket: string;
  stop(): Promise<void>;
}

// Bengkel's endpoint keeps its objects under DATA_DIR and its keys in a migrated database.
let bengkel: Awaited<ReturnType<typeof useTestDb>>;
const dataDir = process.env.DATA_DIR;
beforeAll(async () => {
  bengkel = await useTestDb();
  process.env.DATA_DIR = bengkel.dir;
});
afterAll(() => {
  if (dataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = dataDir;
  fs.rmSync(bengkel.dir, { recursive: true, force: true });
});

/** s3rver, an independent implementation; and Bengkel's own endpoint (lib/infra/storage/s3) with a workspace key. */
const backends: Record<string, () => Promise<Backend>> = {
  s3rver: () => startS3rver(),
  "Bengkel's S3 endpoint": () => startBengkelEndpoint(bengkel.db),
};

async function startBengkelEndpoint(db: Db): Promise<Backend> {
  const s3 = await startTestS3(db);
  const profile = await createProfile(db, (await seedWorkspace(db)).workspace.id);
  const client = testS3Client(s3.endpoint, { accessKeyId: profile.accessKeyId, secretAccessKey: profile.secret });
  await client.send(new CreateBucketCommand({ Bucket: "bengkel-blobs" }));
  return {
    client,
    bucket: "bengkel-blobs",
    stop: async () => {
      client.destroy();
      await s3.server.stop();
    },
  };
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const bytesOf = async (stream: ReadableStream<Uint8Array>) => Buffer.from(await new Response(stream).arrayBuffer());

describe.each(Object.keys(backends))("S3BlobStore against %s", (name) => {
  let backend: Backend;
  let store: S3BlobStore;
  let tempRoot: string;
  /** Commands the store sent, in order, as the SDK names them. */
  const sent: string[] = [];
  beforeAll(async () => {
    backend = await backends[name]();
    backend.client.middlewareStack.add(
      (next, context) => (args) => {
        sent.push(context.commandName!);
        return next(args);
      },
      { step: "initialize", name: "recordCommands" },
    );
    tempRoot = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "bengkel-s3-blobs-"));
    store = new S3BlobStore({ client: backend.client, bucket: backend.bucket, prefix: "site-a/", tempRoot });
  }, 30_000);
  afterAll(async () => {
    await backend.stop();
    fs.rmSync(tempRoot, { recursive: true, force: true });
  });

  const upload = async (bytes: Uint8Array) => {
    const temp = path.join(store.tempDir(), `upload-${process.pid}-${randomBytes(6).toString("hex")}`);
    fs.writeFileSync(temp, bytes);
    sent.length = 0;
    await store.putFile(temp, sha256(bytes));
    expect(fs.existsSync(temp)).toBe(false);
    return sha256(bytes);
  };
  const keys = async (prefix: string) =>
    ((await backend.client.send(new ListObjectsV2Command({ Bucket: backend.bucket, Prefix: prefix }))).Contents ?? [])
      .map((o) => o.Key!)
      .sort();

  it("round-trips bytes by SHA-256 through read, stream and a local copy that is removed after the work", async () => {
    const bytes = randomBytes(300_000);
    const key = await upload(bytes);
    expect(sent).toEqual(["HeadObjectCommand", "PutObjectCommand"]);
    expect(await keys(`site-a/blobs/${key}`)).toEqual([`site-a/blobs/${key}`]);
    expect(sha256(await store.read(key))).toBe(key);
    expect(sha256(await bytesOf(store.stream(key)))).toBe(key);
    let copy = "";
    const seen = await store.withLocalFile(key, async (file) => {
      copy = file;
      expect(path.dirname(file)).toBe(store.tempDir());
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      return sha256(fs.readFileSync(file));
    });
    expect([seen, fs.existsSync(copy)]).toEqual([key, false]);
  });

  it("streams byte ranges, inclusive at both ends, and sends no request for a stream nobody reads", async () => {
    const bytes = randomBytes(100_000);
    const key = await upload(bytes);
    expect(await bytesOf(store.stream(key, { start: 1000, end: 1999 }))).toEqual(bytes.subarray(1000, 2000));
    expect(await bytesOf(store.stream(key, { start: 99_999, end: 99_999 }))).toEqual(bytes.subarray(99_999));
    sent.length = 0;
    store.stream(key);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
  });

  it("uploads a 20 MiB file in 8 MiB parts and reads back the same SHA-256", async () => {
    const bytes = randomBytes(20 * 1024 * 1024);
    const key = await upload(bytes);
    const parts = Math.ceil(bytes.length / PART_BYTES);
    expect(parts).toBe(3);
    expect(sent.filter((c) => c !== "UploadPartCommand")).toEqual([
      "HeadObjectCommand",
      "CreateMultipartUploadCommand",
      "CompleteMultipartUploadCommand",
    ]);
    expect(sent.filter((c) => c === "UploadPartCommand")).toHaveLength(parts);
    expect(sha256(await bytesOf(store.stream(key)))).toBe(key);
    // A client that leaves after the first chunk: the stream ends without an error.
    const reader = store.stream(key).getReader();
    expect((await reader.read()).value!.length).toBeGreaterThan(0);
    await reader.cancel();
    await store.delete(key);
  }, 60_000);

  it("stores identical bytes once: the second upload only asks whether the object exists", async () => {
    const bytes = randomBytes(50_000);
    const key = await upload(bytes);
    await upload(bytes);
    expect(sent).toEqual(["HeadObjectCommand"]);
    expect(await keys(`site-a/blobs/${key}`)).toEqual([`site-a/blobs/${key}`]);
  });

  it("deletes a blob: reading it, streaming it or copying it then fails, and no temp file stays", async () => {
    const key = await upload(randomBytes(10_000));
    await store.delete(key);
    await store.delete(key); // already gone: S3 deletes are idempotent
    expect(await keys(`site-a/blobs/${key}`)).toEqual([]);
    await expect(store.read(key)).rejects.toThrow();
    await expect(bytesOf(store.stream(key))).rejects.toThrow();
    await expect(store.withLocalFile(key, async () => "ran")).rejects.toThrow();
    expect(fs.readdirSync(store.tempDir())).toEqual([]);
  });

  it("keeps display caches under display/ beside the blobs, and deletes them", async () => {
    const glb = randomBytes(70_000);
    const temp = path.join(store.tempDir(), "display-test");
    fs.writeFileSync(temp, glb);
    expect(await store.display.size("ver_abc.glb")).toBeNull();
    expect(await store.display.putFile(temp, "ver_abc.glb")).toBe(glb.length);
    expect(fs.existsSync(temp)).toBe(false);
    expect(await keys("site-a/display/")).toEqual(["site-a/display/ver_abc.glb"]);
    expect(await store.display.size("ver_abc.glb")).toBe(glb.length);
    expect(await bytesOf(store.display.stream("ver_abc.glb"))).toEqual(glb);
    await store.display.delete(["ver_abc.glb", "ver_abc.json"]);
    expect(await store.display.size("ver_abc.glb")).toBeNull();
    expect(() => store.display.stream("../blobs/x.glb")).toThrow(/not a display file name/);
  });
});
