import { createHash, type Hash } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import zlib from "node:zlib";
import { s3Error } from "./s3-error";

/** The flexible checksums S3 clients send (x-amz-checksum-*) that Node can compute; CRC32C and CRC64NVME are not. */
export type ChecksumAlgorithm = "crc32" | "sha1" | "sha256";

export const checksumAlgorithm = (headerName: string | undefined): ChecksumAlgorithm | undefined =>
  /^x-amz-checksum-(crc32|sha1|sha256)$/i.exec(headerName?.trim() ?? "")?.[1].toLowerCase() as
    | ChecksumAlgorithm
    | undefined;

/** A running checksum of the bytes as they stream past, as S3 encodes it (base64 of the big-endian digest). */
export class RunningChecksum {
  private crc = 0;
  private readonly hash: Hash | null;

  constructor(readonly algorithm: ChecksumAlgorithm) {
    this.hash = algorithm === "crc32" ? null : createHash(algorithm);
  }

  update(bytes: Buffer): void {
    // zlib.crc32 is the IEEE CRC-32 S3 uses (Node ≥ 20.15).
    if (this.hash) this.hash.update(bytes);
    else this.crc = zlib.crc32(bytes, this.crc);
  }

  /** Throws BadDigest unless `expected` (base64, as sent) is the checksum of everything seen. */
  verify(expected: string): void {
    let actual: string;
    if (this.hash) actual = this.hash.digest("base64");
    else {
      const bytes = Buffer.alloc(4);
      bytes.writeUInt32BE(this.crc >>> 0);
      actual = bytes.toString("base64");
    }
    if (actual !== expected.trim())
      throw s3Error(
        "BadDigest",
        `The ${this.algorithm.toUpperCase()} you specified did not match the calculated checksum.`,
      );
  }
}

/** Passes a plain body through while checking it against an x-amz-checksum-* header; a mismatch fails the stream. */
export class ChecksumCheck extends Transform {
  private readonly running: RunningChecksum;

  constructor(
    algorithm: ChecksumAlgorithm,
    private readonly expected: string,
  ) {
    super();
    this.running = new RunningChecksum(algorithm);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.running.update(chunk);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    try {
      this.running.verify(this.expected);
      done();
    } catch (error) {
      done(error as Error);
    }
  }
}
