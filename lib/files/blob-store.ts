import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { dataPath } from "@/lib/config";

/**
 * Content-addressed storage for uploaded bytes (key = SHA-256 hex). Local disk
 * now; an S3-compatible store can implement the same interface later.
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
  /** A folder on the same filesystem for uploads in progress, so putFile is an atomic rename. */
  tempDir(): string;
  /** Removes temp files left by a crash: older than `maxAgeMs`, or written by a process that is gone. Returns how many. */
  sweepTemp(maxAgeMs: number): Promise<number>;
}

export class LocalBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private pathFor(sha256: string): string {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
    return path.join(this.root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  tempDir(): string {
    const dir = path.join(this.root, "tmp");
    fs.mkdirSync(dir, { recursive: true });
    return dir;
  }

  async sweepTemp(maxAgeMs: number): Promise<number> {
    const dir = this.tempDir();
    const cutoff = Date.now() - maxAgeMs;
    let removed = 0;
    for (const name of await fsp.readdir(dir)) {
      const file = path.join(dir, name);
      const stat = await fsp.stat(file).catch(() => null);
      if (stat && (stat.mtimeMs < cutoff || writerIsGone(name))) {
        await fsp.rm(file, { force: true, recursive: true });
        removed++;
      }
    }
    return removed;
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

/** Uploads are named `upload-<pid>-…` by the process writing them (receive-upload.ts). */
function writerIsGone(name: string): boolean {
  const pid = Number(name.match(/^upload-(\d+)-/)?.[1]);
  if (!pid || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

const globalForBlobs = globalThis as unknown as { bengkelBlobs?: BlobStore };

export function getBlobStore(): BlobStore {
  globalForBlobs.bengkelBlobs ??= new LocalBlobStore(dataPath("blobs"));
  return globalForBlobs.bengkelBlobs;
}
