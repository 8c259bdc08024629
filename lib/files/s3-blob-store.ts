import fs from "node:fs";
import fsp from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Config } from "@/lib/config";
import type { BlobStore, DisplayCache } from "./blob-store";
import { checkDisplayName, checkSha256 } from "./blob-keys";
import { TempDir } from "./temp-dir";

/** Parts of a multipart upload: files up to this size go in one PUT; memory per upload is PART_BYTES × QUEUE. */
export const PART_BYTES = 8 * 1024 * 1024;
const QUEUE = 2;

export interface S3BlobStoreOptions {
  client: S3Client;
  bucket: string;
  /** Prepended to every key: `<prefix>blobs/<sha256>`, `<prefix>display/<name>`. */
  prefix: string;
  /** Local folder whose `tmp/` holds files in progress. */
  tempRoot: string;
}

/** The client for BLOB_S3_*; checksums only where the API requires them, which every S3 implementation accepts. */
export function s3ClientFromConfig(c: Config): S3Client {
  return new S3Client({
    endpoint: c.BLOB_S3_ENDPOINT,
    region: c.BLOB_S3_REGION,
    forcePathStyle: c.BLOB_S3_FORCE_PATH_STYLE,
    credentials:
      c.BLOB_S3_ACCESS_KEY_ID && c.BLOB_S3_SECRET_ACCESS_KEY
        ? { accessKeyId: c.BLOB_S3_ACCESS_KEY_ID, secretAccessKey: c.BLOB_S3_SECRET_ACCESS_KEY }
        : undefined,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/** Blobs and display caches as objects in one bucket, shared by every app instance. */
export class S3BlobStore implements BlobStore {
  private readonly temp: TempDir;
  private readonly objects: S3Objects;
  private readonly keyPrefix: string;
  readonly display: DisplayCache;

  constructor(options: S3BlobStoreOptions) {
    this.temp = new TempDir(options.tempRoot);
    this.objects = new S3Objects(options.client, options.bucket);
    this.display = new S3DisplayCache(this.objects, `${options.prefix}display/`);
    this.keyPrefix = `${options.prefix}blobs/`;
  }

  private keyFor(sha256: string): string {
    return this.keyPrefix + checkSha256(sha256);
  }

  tempDir(): string {
    return this.temp.dir();
  }

  sweepTemp(maxAgeMs: number): Promise<number> {
    return this.temp.sweep(maxAgeMs);
  }

  async putFile(tempPath: string, sha256: string): Promise<void> {
    const key = this.keyFor(sha256);
    if ((await this.objects.size(key)) === null) await this.objects.upload(tempPath, key);
    await fsp.rm(tempPath, { force: true });
  }

  async read(sha256: string): Promise<Uint8Array> {
    return (await this.objects.get(this.keyFor(sha256))).Body!.transformToByteArray();
  }

  /** Downloads to a private temp file (the analysis children read paths) and removes it after the work. */
  async withLocalFile<T>(sha256: string, work: (path: string) => Promise<T>): Promise<T> {
    const file = this.temp.newPath("blob");
    try {
      const { Body } = await this.objects.get(this.keyFor(sha256));
      await pipeline(Body as Readable, fs.createWriteStream(file, { flags: "wx", mode: 0o600 }));
      return await work(file);
    } finally {
      await fsp.rm(file, { force: true });
    }
  }

  stream(sha256: string, range?: { start: number; end: number }): ReadableStream<Uint8Array> {
    const key = this.keyFor(sha256);
    return lazyStream(() => this.objects.get(key, range));
  }

  delete(sha256: string): Promise<void> {
    return this.objects.delete(this.keyFor(sha256));
  }
}

class S3DisplayCache implements DisplayCache {
  constructor(
    private readonly objects: S3Objects,
    private readonly keyPrefix: string,
  ) {}

  size(name: string): Promise<number | null> {
    return this.objects.size(this.keyPrefix + checkDisplayName(name));
  }

  async putFile(tempPath: string, name: string): Promise<number> {
    const { size } = await fsp.stat(tempPath);
    await this.objects.upload(tempPath, this.keyPrefix + checkDisplayName(name));
    await fsp.rm(tempPath, { force: true });
    return size;
  }

  stream(name: string): ReadableStream<Uint8Array> {
    const key = this.keyPrefix + checkDisplayName(name);
    return lazyStream(() => this.objects.get(key));
  }

  async delete(names: string[]): Promise<void> {
    await Promise.all(names.map((name) => this.objects.delete(this.keyPrefix + checkDisplayName(name))));
  }
}

/** The few S3 calls the stores make, on one bucket. */
class S3Objects {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw error;
    }
  }

  /** Streams the file: one PUT up to PART_BYTES, a multipart upload past it (lib-storage aborts it on failure). */
  async upload(file: string, key: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: fs.createReadStream(file) },
      partSize: PART_BYTES,
      queueSize: QUEUE,
    });
    await upload.done();
  }

  get(key: string, range?: { start: number; end: number }): Promise<GetObjectCommandOutput> {
    return this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}

/**
 * BlobStore.stream answers synchronously; the GET starts at the first read, so a response nobody reads costs no
 * request, and a missing object errors the stream.
 */
function lazyStream(open: () => Promise<GetObjectCommandOutput>): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!reader) {
          const body = (await open()).Body!.transformToWebStream();
          // A client that went away while the GET was starting: release the connection now, not at GC.
          if (cancelled) {
            await body.cancel();
            return;
          }
          reader = body.getReader();
        }
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      async cancel(reason) {
        cancelled = true;
        await reader?.cancel(reason);
      },
    },
    { highWaterMark: 0 }, // no read ahead: pull runs only when the consumer reads
  );
}
