import { once } from "node:events";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Transform } from "node:stream";
import busboy from "busboy";
import { DomainError } from "@/lib/errors";

export interface ReceivedUpload {
  tempPath: string;
  sha256: string;
  sizeBytes: number;
  filename: string;
  fields: Record<string, string[]>;
}

/** A multipart body as the edge hands it over (lib/api/multipart-body.ts): its declared type and length, and its bytes. */
export interface MultipartBody {
  contentType: string;
  /** The declared Content-Length, 0 when absent; only used to refuse a body already known to be too large. */
  contentLength: number;
  stream: ReadableStream<Uint8Array> | null;
}

const MAX_FIELDS = 30;

/**
 * Streams a multipart upload's `file` part to a temp file while hashing it;
 * memory stays flat whatever the size. Over `maxBytes` → 413 and the temp
 * file is removed; the caller owns `tempPath` on success.
 */
export async function receiveUpload(
  body: MultipartBody,
  options: { maxBytes: number; tempDir: string },
): Promise<ReceivedUpload> {
  const { contentType } = body;
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    throw new DomainError("invalid_request", "Send the file as multipart/form-data with a `file` field.", {
      param: "file",
    });
  }
  if (body.contentLength > options.maxBytes + 1024 * 1024) throw tooLarge(options.maxBytes);
  if (!body.stream) throw new DomainError("invalid_request", "The request has no body.", { param: "file" });

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { files: 1, fields: MAX_FIELDS, fieldSize: 16 * 1024, fileSize: options.maxBytes },
    });
  } catch (error) {
    // e.g. "multipart/form-data" without a boundary
    throw new DomainError("invalid_request", `The multipart body cannot be read: ${(error as Error).message}.`, {
      param: "file",
    });
  }

  // The pid in the name lets a restarted server sweep what a killed one was writing (sweep-temp-files.ts).
  const tempPath = path.join(options.tempDir, `upload-${process.pid}-${randomBytes(12).toString("hex")}`);
  const fields: Record<string, string[]> = {};
  let file: { sha256: string; sizeBytes: number; filename: string } | undefined;
  let failure: DomainError | undefined;
  let fileStream: Readable | undefined;
  let sink: fs.WriteStream | undefined;
  let written: Promise<void> = Promise.resolve();

  const fileWritten = new Promise<void>((resolve, reject) => {
    parser.on("file", (name, stream, info) => {
      if (name !== "file" || fileStream) {
        stream.resume();
        return;
      }
      fileStream = stream;
      const hash = createHash("sha256");
      let size = 0;
      const hasher = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      stream.on("limit", () => {
        failure = tooLarge(options.maxBytes);
        stream.unpipe();
        stream.resume();
      });
      sink = fs.createWriteStream(tempPath);
      written = pipeline(stream, hasher, sink).then(() => {
        file = { sha256: hash.digest("hex"), sizeBytes: size, filename: safeFilename(info.filename) };
      });
      written.then(resolve, reject);
    });
    parser.on("field", (name, value) => {
      (fields[name] ??= []).push(value);
    });
    parser.on("filesLimit", () => undefined);
    parser.on("close", () => {
      if (!fileStream) resolve();
    });
    parser.on("error", reject);
  });
  // Settled below on every path; an aborted request must not leave an unhandled rejection behind.
  fileWritten.catch(() => undefined);

  try {
    await pipeline(Readable.fromWeb(body.stream as import("node:stream/web").ReadableStream), parser);
    await fileWritten;
  } catch (error) {
    // Let the file stream finish closing before removing what it wrote, or an empty file survives the rm: the
    // pipeline can reject while the write stream is still opening its file, which it then creates and closes.
    fileStream?.destroy();
    await written.catch(() => undefined);
    if (sink && !sink.closed) await once(sink, "close").catch(() => undefined);
    await fsp.rm(tempPath, { force: true });
    if (failure) throw failure;
    throw new DomainError("invalid_request", `The upload could not be read: ${(error as Error).message}.`, {
      param: "file",
    });
  }
  if (failure || !file) {
    await fsp.rm(tempPath, { force: true });
    throw failure ?? new DomainError("invalid_request", "The form has no `file` field.", { param: "file" });
  }
  if (file.sizeBytes === 0) {
    await fsp.rm(tempPath, { force: true });
    throw new DomainError("unreadable_file", `${file.filename} is empty.`, { param: "file" });
  }
  return { tempPath, ...file, fields };
}

function tooLarge(maxBytes: number): DomainError {
  return new DomainError(
    "payload_too_large",
    `The file is larger than this plan's limit of ${Math.round(maxBytes / 1024 / 1024)} MB.`,
    {
      param: "file",
      details: { max_bytes: maxBytes },
    },
  );
}

/** Keeps the extension (format detection uses it) but drops any path a client sent. */
function safeFilename(name: string | undefined): string {
  const base = (name ?? "upload")
    .split(/[\\/]/)
    .pop()!
    .replace(/[\u0000-\u001f]/g, "")
    .trim();
  return base.slice(-200) || "upload";
}
