import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepDeadWriters, writeBlob } from "./write-blob";

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-blob-"));
  process.env.DATA_DIR = dir;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const temps = () => fs.readdirSync(path.join(dir, "tmp", "storage"));

describe("writeBlob", () => {
  it("hashes what it writes and keeps no temp file when the body is refused", async () => {
    const body = Buffer.from("twelve bytes");
    const blob = await writeBlob(Readable.from([body]), { maxBytes: 100, expectedLength: 12 });
    expect(blob.md5.toString("hex")).toBe(createHash("md5").update(body).digest("hex"));
    expect(fs.readFileSync(blob.tmp)).toEqual(body);
    fs.rmSync(blob.tmp);
    const md5 = createHash("md5").update("other").digest("base64");
    await expect(writeBlob(Readable.from([body]), { maxBytes: 100, contentMd5: md5 })).rejects.toMatchObject({
      details: { s3_code: "BadDigest" },
    });
    await expect(writeBlob(Readable.from([body]), { maxBytes: 11 })).rejects.toMatchObject({
      details: { s3_code: "EntityTooLarge" },
    });
    await expect(writeBlob(Readable.from([body]), { maxBytes: 100, expectedLength: 13 })).rejects.toMatchObject({
      details: { s3_code: "IncompleteBody" },
    });
    const wrongSha = createHash("sha256").update("other").digest("hex");
    await expect(writeBlob(Readable.from([body]), { maxBytes: 100, expectedSha256: wrongSha })).rejects.toMatchObject({
      details: { s3_code: "XAmzContentSHA256Mismatch" },
    });
    expect(temps()).toEqual([]);
  });

  it("hashes on threads across slabs, several bodies at once, as node:crypto hashes them in one piece", async () => {
    // 3.5 MiB in reads of odd sizes: slabs fill across reads and the last one is partial. 24 bodies with three
    // slabs in flight each pass the 64 shared slabs, so some bodies take plain ones.
    const bodies = Array.from({ length: 24 }, (_, i) => randomBytes(3.5 * 1024 * 1024 + i));
    const reads = (bytes: Buffer) => {
      const pieces: Buffer[] = [];
      for (let at = 0, size = 1; at < bytes.length; at += size, size = (size * 7 + 12_289) % 300_000)
        pieces.push(bytes.subarray(at, at + size));
      return Readable.from(pieces);
    };
    const blobs = await Promise.all(
      bodies.map((bytes) => writeBlob(reads(bytes), { maxBytes: 10 * 1024 * 1024, sha256: true })),
    );
    blobs.forEach((blob, i) => {
      expect(blob.sizeBytes).toBe(bodies[i].length);
      expect(blob.md5).toEqual(createHash("md5").update(bodies[i]).digest());
      expect(blob.sha256).toBe(createHash("sha256").update(bodies[i]).digest("hex"));
      expect(fs.readFileSync(blob.tmp).equals(bodies[i])).toBe(true);
      fs.rmSync(blob.tmp);
    });
  });

  it("removes the temp file of a body that fails midway, or passes its limit past the first slab", async () => {
    const broken = new Readable({ read() {} });
    broken.push(randomBytes(2 * 1024 * 1024));
    setImmediate(() => broken.destroy(new Error("connection reset")));
    await expect(writeBlob(broken, { maxBytes: 10 * 1024 * 1024 })).rejects.toThrow("connection reset");
    const big = Readable.from([randomBytes(1024 * 1024), randomBytes(1024 * 1024), randomBytes(1024 * 1024)]);
    await expect(writeBlob(big, { maxBytes: 2.5 * 1024 * 1024 })).rejects.toMatchObject({
      details: { s3_code: "EntityTooLarge" },
    });
    expect(temps()).toEqual([]);
  });

  it("sweeps temp files of writers that no longer run, not its own", () => {
    // Linux pids stop at 2^22, so this writer cannot be running.
    fs.writeFileSync(path.join(dir, "tmp", "storage", "999999999-left"), "x");
    fs.writeFileSync(path.join(dir, "tmp", "storage", `${process.pid}-mine`), "x");
    expect(sweepDeadWriters()).toBe(1);
    expect(temps()).toEqual([`${process.pid}-mine`]);
  });
});
