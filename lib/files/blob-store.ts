import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { config, dataPath } from "@/lib/config";
import { TempDir } from "./temp-dir";
import { checkDisplayName, checkSha256 } from "./blob-keys";
import { S3BlobStore, s3ClientFromConfig } from "./s3-blob-store";

/**
 * Content-addressed storage for uploaded bytes (key = SHA-256 hex): local disk (`BLOB_STORE=local`) or an
 * S3-compatible bucket (`s3`). Blobs are deleted only by the sweep (sweep-unused-blobs.ts), never inline.
 */
export interface BlobStore {
  /** Moves a fully written temp file into place under its hash; identical bytes are stored once. */
  putFile(tempPath: string, sha256: string): Promise<void>;
  read(sha256: string): Promise<Uint8Array>;
  /** Runs `work` with a path on local disk holding the blob (analysis children read files, not bytes). Rejects if it is missing. */
  withLocalFile<T>(sha256: string, work: (path: string) => Promise<T>): Promise<T>;
  /** The blob's bytes, or those from `start` to `end` inclusive. */
  stream(sha256: string, range?: { start: number; end: number }): ReadableStream<Uint8Array>;
  delete(sha256: string): Promise<void>;
  /** A local folder for files in progress; with local blobs on the same filesystem, so putFile is an atomic rename. */
  tempDir(): string;
  /** Removes temp files left by a crash: older than `maxAgeMs`, or written by a process that is gone. Returns how many. */
  sweepTemp(maxAgeMs: number): Promise<number>;
  /** The viewer's converted display files, kept beside the blobs so every instance shares them. */
  readonly display: DisplayCache;
}

/** Named files derived from blobs (`<version-id>.glb|.json`); losing one only costs a conversion. */
export interface DisplayCache {
  /** The cached file's size in bytes, or null when it is not there. */
  size(name: string): Promise<number | null>;
  /** Moves a fully written temp file in under `name`; returns its size. */
  putFile(tempPath: string, name: string): Promise<number>;
  stream(name: string): ReadableStream<Uint8Array>;
  delete(names: string[]): Promise<void>;
}

export class LocalBlobStore implements BlobStore {
  private readonly temp: TempDir;
  readonly display: DisplayCache;

  constructor(
    private readonly root: string,
    displayRoot = path.join(root, "..", "display"),
  ) {
    this.temp = new TempDir(root);
    this.display = new LocalDisplayCache(displayRoot);
  }

  private pathFor(sha256: string): string {
    checkSha256(sha256);
    return path.join(this.root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  tempDir(): string {
    return this.temp.dir();
  }

  sweepTemp(maxAgeMs: number): Promise<number> {
    return this.temp.sweep(maxAgeMs);
  }

  async putFile(tempPath: string, sha256: string): Promise<void> {
    const target = this.pathFor(sha256);
    if (fs.existsSync(target)) {
      await fsp.rm(tempPath, { force: true });
      return;
    }
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(tempPath, target);
  }

  async read(sha256: string): Promise<Uint8Array> {
    return new Uint8Array(await fsp.readFile(this.pathFor(sha256)));
  }

  async withLocalFile<T>(sha256: string, work: (path: string) => Promise<T>): Promise<T> {
    const file = this.pathFor(sha256);
    await fsp.access(file);
    return work(file);
  }

  stream(sha256: string, range?: { start: number; end: number }): ReadableStream<Uint8Array> {
    return Readable.toWeb(fs.createReadStream(this.pathFor(sha256), range)) as ReadableStream<Uint8Array>;
  }

  async delete(sha256: string): Promise<void> {
    await fsp.rm(this.pathFor(sha256), { force: true });
  }
}

class LocalDisplayCache implements DisplayCache {
  constructor(private readonly root: string) {}

  private pathFor(name: string): string {
    return path.join(/*turbopackIgnore: true*/ this.root, checkDisplayName(name));
  }

  async size(name: string): Promise<number | null> {
    const stat = await fsp.stat(this.pathFor(name)).catch(() => null);
    return stat?.size ?? null;
  }

  async putFile(tempPath: string, name: string): Promise<number> {
    const target = this.pathFor(name);
    await fsp.mkdir(this.root, { recursive: true });
    await fsp.rename(tempPath, target);
    return (await fsp.stat(target)).size;
  }

  stream(name: string): ReadableStream<Uint8Array> {
    return Readable.toWeb(fs.createReadStream(this.pathFor(name))) as ReadableStream<Uint8Array>;
  }

  async delete(names: string[]): Promise<void> {
    await Promise.all(names.map((name) => fsp.rm(this.pathFor(name), { force: true })));
  }
}

const globalForBlobs = globalThis as unknown as { bengkelBlobs?: BlobStore };

/** The process's blob store, chosen by BLOB_STORE; temp files stay under DATA_DIR/blobs/tmp either way. */
export function getBlobStore(): BlobStore {
  globalForBlobs.bengkelBlobs ??=
    config().BLOB_STORE === "s3"
      ? new S3BlobStore({
          client: s3ClientFromConfig(config()),
          bucket: config().BLOB_S3_BUCKET!,
          prefix: config().BLOB_S3_PREFIX,
          tempRoot: dataPath("blobs"),
        })
      : new LocalBlobStore(dataPath("blobs"), dataPath("display"));
  return globalForBlobs.bengkelBlobs;
}
