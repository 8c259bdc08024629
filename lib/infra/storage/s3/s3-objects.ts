import {
  copyObjectRow,
  deleteObjectRow,
  findObject,
  openObject,
  putObjectStream,
  type ObjectRow,
} from "../object-store";
import { s3Error } from "./s3-error";
import {
  headerValue,
  isoSeconds,
  metadataHeaders,
  quoted,
  requestBody,
  sendEmpty,
  sendXml,
  userMetadata,
  type S3Context,
} from "./s3-request";
import { assertCanRead, assertCanWrite } from "./s3-access";
import { sendRange } from "./send-range";

const contentMd5 = (ctx: S3Context) => headerValue(ctx.req, "content-md5");
const contentType = (ctx: S3Context) => headerValue(ctx.req, "content-type");

export async function putObject(ctx: S3Context): Promise<void> {
  assertCanWrite(ctx, ctx.bucket);
  if (headerValue(ctx.req, "x-amz-copy-source") !== undefined) return copyObject(ctx);
  const { body, length, sha256 } = requestBody(ctx);
  const row = await putObjectStream(ctx.db, ctx.caller.credential.workspaceId, ctx.bucket, ctx.key, body, {
    expectedLength: length,
    contentMd5: contentMd5(ctx),
    expectedSha256: sha256,
    contentType: contentType(ctx),
    metadata: userMetadata(ctx.req),
  });
  sendEmpty(ctx, 200, { ETag: quoted(row.etag) });
}

/** `x-amz-copy-source`: `[/]<bucket>/<key>`, URL-encoded; the caller's pair must be allowed to read it. */
export function copySource(ctx: S3Context): { bucket: string; key: string } {
  const raw = headerValue(ctx.req, "x-amz-copy-source")!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw.split("?")[0]).replace(/^\//, "");
  } catch {
    throw s3Error("InvalidArgument", "x-amz-copy-source is not valid percent-encoding.");
  }
  const slash = decoded.indexOf("/");
  if (slash <= 0) throw s3Error("InvalidArgument", "x-amz-copy-source must be <bucket>/<key>.");
  const source = { bucket: decoded.slice(0, slash), key: decoded.slice(slash + 1) };
  assertCanRead(ctx, source.bucket);
  return source;
}

async function copyObject(ctx: S3Context): Promise<void> {
  const source = copySource(ctx);
  const directive = headerValue(ctx.req, "x-amz-metadata-directive") ?? "COPY";
  if (directive !== "COPY" && directive !== "REPLACE")
    throw s3Error("InvalidArgument", "x-amz-metadata-directive is COPY or REPLACE.");
  const row = await copyObjectRow(
    ctx.db,
    ctx.caller.credential.workspaceId,
    source,
    { bucket: ctx.bucket, key: ctx.key },
    directive === "REPLACE" ? { contentType: contentType(ctx), metadata: userMetadata(ctx.req) } : null,
  );
  sendXml(ctx, 200, "CopyObjectResult", { LastModified: isoSeconds(row.modifiedAt), ETag: quoted(row.etag) });
}

export async function deleteObject(ctx: S3Context): Promise<void> {
  assertCanWrite(ctx, ctx.bucket);
  await deleteObjectRow(ctx.db, ctx.caller.credential.workspaceId, ctx.bucket, ctx.key);
  sendEmpty(ctx, 204);
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` → inclusive offsets; null for no (or a multi-) range, as S3 serves it whole. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null {
  const m = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  let start: number;
  let end: number;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0) throw rangeError(size);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (m[2] !== "" && Number(m[2]) < start) return null; // RFC 9110: an invalid range is ignored
  }
  if (start >= size) throw rangeError(size);
  return { start, end };
}

function rangeError(size: number) {
  const error = s3Error("InvalidRange", "The requested range is not satisfiable");
  Object.assign(error.headers, { "Content-Range": `bytes */${size}` });
  return error;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** RFC 9110 §13.2.2's order, as S3 applies it: If-Match, If-Unmodified-Since, If-None-Match, If-Modified-Since. */
function preconditionStatus(ctx: S3Context, row: ObjectRow): 304 | 412 | null {
  const matches = (list: string) =>
    list.split(",").some((tag) => tag.trim() === "*" || tag.trim().replace(/^W\//, "") === quoted(row.etag));
  const since = (name: string) => {
    const value = headerValue(ctx.req, name);
    const date = value ? new Date(value) : null;
    return date && !Number.isNaN(date.getTime()) ? seconds(date) : null;
  };
  const ifMatch = headerValue(ctx.req, "if-match");
  const ifNoneMatch = headerValue(ctx.req, "if-none-match");
  const unmodifiedSince = since("if-unmodified-since");
  const modifiedSince = since("if-modified-since");
  if (ifMatch !== undefined && !matches(ifMatch)) return 412;
  if (ifMatch === undefined && unmodifiedSince !== null && seconds(row.modifiedAt) > unmodifiedSince) return 412;
  if (ifNoneMatch !== undefined && matches(ifNoneMatch)) return 304;
  if (ifNoneMatch === undefined && modifiedSince !== null && seconds(row.modifiedAt) <= modifiedSince) return 304;
  return null;
}

const OVERRIDES: Record<string, string> = {
  "response-content-type": "Content-Type",
  "response-content-disposition": "Content-Disposition",
  "response-content-language": "Content-Language",
  "response-content-encoding": "Content-Encoding",
  "response-cache-control": "Cache-Control",
  "response-expires": "Expires",
};

/** GetObject and HeadObject: streamed from an open handle, one range at most. */
export async function getObject(ctx: S3Context): Promise<void> {
  assertCanRead(ctx, ctx.bucket);
  const { row, handle } = await openObject(ctx.db, ctx.caller.credential.workspaceId, ctx.bucket, ctx.key);
  try {
    const headers: Record<string, string | number> = {
      ETag: quoted(row.etag),
      "Last-Modified": row.modifiedAt.toUTCString(),
      "Accept-Ranges": "bytes",
      "Content-Type": row.contentType,
      ...metadataHeaders(row.metadata),
    };
    for (const [param, name] of Object.entries(OVERRIDES)) {
      const value = ctx.query.get(param);
      if (value === null) continue;
      if (/[^\t\x20-\x7e\x80-\xff]/.test(value))
        throw s3Error("InvalidArgument", `${param} is not a valid header value.`);
      headers[name] = value;
    }
    const precondition = preconditionStatus(ctx, row);
    if (precondition === 412)
      throw s3Error("PreconditionFailed", "At least one of the preconditions you specified did not hold");
    if (precondition === 304) {
      delete headers["Content-Type"];
      return sendEmpty(ctx, 304, headers);
    }
    const range = parseRange(headerValue(ctx.req, "range"), row.sizeBytes);
    const start = range?.start ?? 0;
    const end = range?.end ?? row.sizeBytes - 1;
    if (range) headers["Content-Range"] = `bytes ${start}-${end}/${row.sizeBytes}`;
    headers["Content-Length"] = Math.max(0, end - start + 1);
    ctx.res.writeHead(range ? 206 : 200, headers);
    if (ctx.req.method === "HEAD" || row.sizeBytes === 0) return void ctx.res.end();
    await sendRange(ctx.res, handle, start, end);
  } finally {
    await handle.close().catch(() => {});
  }
}

/** GetObjectTagging: tags are not stored, so every existing object has the empty set. */
export async function objectTagging(ctx: S3Context): Promise<void> {
  assertCanRead(ctx, ctx.bucket);
  await findObject(ctx.db, ctx.caller.credential.workspaceId, ctx.bucket, ctx.key);
  sendXml(ctx, 200, "Tagging", { TagSet: "" });
}
