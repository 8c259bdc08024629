import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readConfig } from "@/lib/config";
import { LocalBlobStore } from "./blob-store";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-blobs-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("LocalBlobStore.sweepTemp", () => {
  it("removes temp files older than the limit and those of a process that is gone, and keeps the rest", async () => {
    const store = new LocalBlobStore(root);
    const tmp = store.tempDir();
    const deadPid = spawnSync(process.execPath, ["-e", "0"]).pid; // exited by now
    const write = (name: string, ageMs = 0) => {
      const file = path.join(tmp, name);
      fs.writeFileSync(file, "x");
      const time = new Date(Date.now() - ageMs);
      fs.utimesSync(file, time, time);
    };
    write("upload-old", 20 * 60_000);
    write(`upload-${deadPid}-abc`);
    write(`blob-${deadPid}-copy`); // a blob fetched from S3 for an analysis child
    write(`upload-${process.pid}-mine`);
    write(`upload-${process.ppid}-parent`);
    write("test-recent");
    expect(await store.sweepTemp(15 * 60_000)).toBe(3);
    expect(fs.readdirSync(tmp).sort()).toEqual(
      [`upload-${process.pid}-mine`, `upload-${process.ppid}-parent`, "test-recent"].sort(),
    );
  });
});

describe("BLOB_* settings", () => {
  it("default to local disk; s3 needs a bucket, and a key pair is given whole or not at all", () => {
    expect(readConfig({}).BLOB_STORE).toBe("local");
    expect(() => readConfig({ BLOB_STORE: "s3" })).toThrow(
      "Invalid setting BLOB_S3_BUCKET: is required when BLOB_STORE=s3",
    );
    expect(() => readConfig({ BLOB_STORE: "s3", BLOB_S3_BUCKET: "b", BLOB_S3_ACCESS_KEY_ID: "AKIA" })).toThrow(
      /^Invalid setting BLOB_S3_SECRET_ACCESS_KEY/,
    );
    expect(() => readConfig({ BLOB_STORE: "gcs" })).toThrow(/^Invalid setting BLOB_STORE/);
    expect(() => readConfig({ BLOB_S3_PREFIX: "/bengkel/" })).toThrow(/^Invalid setting BLOB_S3_PREFIX/);
    expect(() => readConfig({ BLOB_S3_ENDPOINT: "ftp://s3.example.com" })).toThrow(/^Invalid setting BLOB_S3_ENDPOINT/);
    expect(
      readConfig({ BLOB_STORE: "s3", BLOB_S3_BUCKET: "blobs", BLOB_S3_FORCE_PATH_STYLE: "on", BLOB_S3_PREFIX: "a/" }),
    ).toMatchObject({
      BLOB_S3_BUCKET: "blobs",
      BLOB_S3_FORCE_PATH_STYLE: true,
      BLOB_S3_PREFIX: "a/",
      BLOB_S3_REGION: "us-east-1",
    });
  });
});
