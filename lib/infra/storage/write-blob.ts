import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";
import { DomainError } from "@/lib/errors";
import { randomToken } from "@/lib/ids";
import { dataPath } from "@/lib/config";
import { BlobSink } from "./blob-sink";
import { HashJob } from "./hash-thread-pool";

export interface WrittenBlob {
  tmp: string;
  sizeBytes: number;
  md5: Buffer;
  /** Only when asked for or checked: it costs as much CPU as the write itself. */
  sha256: string | null;
}

/** S3's largest single PUT (and largest part). */
export const SINGLE_PUT_MAX_BYTES = 5 * 1024 ** 3;

const tempDir = () => dataPath("tmp", "storage");

/**
 * Opened before any byte is read: a stream that opens its file lazily can create it after a failed write's cleanup
 * already ran, leaving an empty file behind.
 */
export const openTemp = (tmp: string) => fs.createWriteStream(tmp, { fd: fs.openSync(tmp, "wx") });

/** Named after the writing process, so a restart can tell a dead writer's leftovers from a live upload. */
export const tempPath = () => {
  fs.mkdirSync(tempDir(), { recursive: true });
  return path.join(tempDir(), `${process.pid}-${randomToken(16)}`);
};

const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
};

/**
 * Removes temp files whose writer no longer runs (a killed server's half-received objects). Never by age: a
 * 5 GB part on a slow link is legitimately hours old.
 */
export function sweepDeadWriters(): number {
  let removed = 0;
  for (const name of fs.existsSync(tempDir()) ? fs.readdirSync(tempDir()) : []) {
    const pid = Number(name.split("-")[0]);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || processAlive(pid)) continue;
    fs.rmSync(path.join(tempDir(), name), { force: true });
    removed++;
  }
  return removed;
}

/**
 * Streams a body to a temp file while hashing it (on a hash thread, blob-sink.ts), never holding more than a few
 * slabs of it. The caller renames the file into place (or removes it); on any failure here it is already removed.
 */
export async function writeBlob(
  body: Readable,
  limits: { maxBytes: number; expectedLength?: number; contentMd5?: string; expectedSha256?: string; sha256?: boolean },
): Promise<WrittenBlob> {
  const tmp = tempPath();
  const hashing = new HashJob(limits.sha256 || limits.expectedSha256 !== undefined ? ["md5", "sha256"] : ["md5"]);
  try {
    const sink = new BlobSink(fs.openSync(tmp, "wx"), hashing, {
      maxBytes: limits.maxBytes,
      tooLarge: () => tooLarge(limits.maxBytes),
    });
    await pipeline(body, sink);
    const sizeBytes = sink.sizeBytes;
    if (limits.expectedLength !== undefined && sizeBytes !== limits.expectedLength)
      throw new DomainError(
        "invalid_request",
        `The body was ${sizeBytes} bytes; Content-Length said ${limits.expectedLength}.`,
        { details: { s3_code: "IncompleteBody" } },
      );
    const digests = await hashing.digest();
    const md5 = digests.md5!;
    if (limits.contentMd5 !== undefined && limits.contentMd5 !== md5.toString("base64"))
      throw new DomainError("invalid_request", "The body does not match its Content-MD5.", {
        details: { s3_code: limits.contentMd5.length === 24 ? "BadDigest" : "InvalidDigest" },
      });
    const sha256Hex = digests.sha256?.toString("hex") ?? null;
    if (limits.expectedSha256 !== undefined && limits.expectedSha256 !== sha256Hex)
      throw new DomainError("invalid_request", "The body's SHA-256 is not x-amz-content-sha256.", {
        details: { s3_code: "XAmzContentSHA256Mismatch" },
      });
    return { tmp, sizeBytes, md5, sha256: sha256Hex };
  } catch (error) {
    hashing.drop().catch(() => {});
    fs.rmSync(tmp, { force: true });
    throw error;
  }
}

export const tooLarge = (maxBytes: number) =>
  new DomainError("payload_too_large", `The object is larger than the ${maxBytes} bytes allowed here.`, {
    details: { s3_code: "EntityTooLarge", max_bytes: maxBytes },
  });
