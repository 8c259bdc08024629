import type { IncomingMessage, ServerResponse } from "node:http";
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import type { Db } from "@/lib/db/client";
import type { S3Caller } from "./s3-auth";
import { ChecksumCheck, checksumAlgorithm } from "./checksum";
import { ChunkedBodyDecoder } from "./chunked-body";
import { s3Error } from "./s3-error";
import { sha256Hex } from "./sigv4";
import { xmlDocument, type XmlTree } from "./s3-xml";

/** One S3 request after routing and authentication. */
export interface S3Context {
  db: Db;
  req: IncomingMessage;
  res: ServerResponse;
  caller: S3Caller;
  bucket: string;
  key: string;
  query: URLSearchParams;
  requestId: string;
  region: string;
}

export const headerValue = (req: IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** x-amz-meta-* headers, names lower-cased without the prefix (S3 caps them at 2 KB in all). */
export function userMetadata(req: IncomingMessage): Record<string, string> {
  const metadata: Record<string, string> = {};
  let size = 0;
  for (const [name, value] of Object.entries(req.headers)) {
    if (!name.startsWith("x-amz-meta-") || value === undefined) continue;
    const v = Array.isArray(value) ? value.join(",") : value;
    metadata[name.slice("x-amz-meta-".length)] = v;
    size += name.length - "x-amz-meta-".length + Buffer.byteLength(v);
  }
  if (size > 2048) throw s3Error("InvalidArgument", "User metadata is limited to 2 KB.");
  return metadata;
}

export const metadataHeaders = (stored: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries(JSON.parse(stored) as Record<string, string>).map(([k, v]) => [`x-amz-meta-${k}`, v]),
  );

/** The request body as plain bytes (aws-chunked decoded and signature-checked), and its decoded length. */
export function requestBody(ctx: S3Context): { body: Readable; length?: number; sha256?: string } {
  const { req, caller } = ctx;
  const payload = caller.payload;
  const lengthHeader = (name: string) => {
    const raw = headerValue(req, name);
    if (raw === undefined) return undefined;
    if (!/^\d{1,15}$/.test(raw)) throw s3Error("InvalidArgument", `${name} must be a byte count.`);
    return Number(raw);
  };
  if (payload.kind === "chunked") {
    const length = lengthHeader("x-amz-decoded-content-length");
    if (length === undefined && !payload.trailer)
      throw s3Error("MissingContentLength", "You must provide the x-amz-decoded-content-length header.");
    const decoder = new ChunkedBodyDecoder(payload, checksumAlgorithm(headerValue(req, "x-amz-trailer")));
    req.on("error", (error) => decoder.destroy(error)); // pipe() does not pass a dropped connection on
    return { body: req.pipe(decoder), length };
  }
  const length = lengthHeader("content-length");
  if (length === undefined && headerValue(req, "transfer-encoding") === undefined)
    throw s3Error("MissingContentLength", "You must provide the Content-Length HTTP header.");
  const sha256 = payload.kind === "sha256" ? payload.hash : undefined;
  const algorithm = (["crc32", "sha1", "sha256"] as const).find((a) => headerValue(req, `x-amz-checksum-${a}`));
  if (!algorithm) return { body: req, length, sha256 };
  const check = new ChecksumCheck(algorithm, headerValue(req, `x-amz-checksum-${algorithm}`)!);
  req.on("error", (error) => check.destroy(error));
  return { body: req.pipe(check), length, sha256 };
}

/** A small XML body (multipart completion, multi-object delete), bounded and checked against its signed hash. */
export async function readSmallBody(ctx: S3Context, limit: number): Promise<string> {
  const { body, sha256 } = requestBody(ctx);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw s3Error("MalformedXML", `The XML body is larger than ${limit} bytes.`);
    chunks.push(chunk);
  }
  const bytes = Buffer.concat(chunks);
  if (sha256 !== undefined && sha256 !== sha256Hex(bytes))
    throw s3Error("XAmzContentSHA256Mismatch", "The body's SHA-256 is not x-amz-content-sha256.");
  const md5 = headerValue(ctx.req, "content-md5");
  if (md5 !== undefined && md5 !== createHash("md5").update(bytes).digest("base64"))
    throw s3Error("BadDigest", "The Content-MD5 you specified did not match what we received.");
  return bytes.toString("utf8");
}

export function sendXml(ctx: S3Context, status: number, root: string, body: XmlTree, headers = {}): void {
  sendXmlText(ctx, status, xmlDocument(root, body), headers);
}

export function sendXmlText(ctx: S3Context, status: number, text: string, headers = {}): void {
  ctx.res.writeHead(status, {
    "Content-Type": "application/xml",
    "Content-Length": Buffer.byteLength(text),
    ...headers,
  });
  ctx.res.end(ctx.req.method === "HEAD" ? undefined : text);
}

export function sendEmpty(ctx: S3Context, status: number, headers: Record<string, string | number> = {}): void {
  ctx.res.writeHead(status, { "Content-Length": 0, ...headers });
  ctx.res.end();
}

export const quoted = (etag: string) => `"${etag}"`;
export const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, ".000Z");
