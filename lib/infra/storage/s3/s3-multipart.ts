import {
  abortUpload,
  completeUpload,
  createUpload,
  findUpload,
  listParts,
  listUploads,
  MAX_PART_NUMBER,
  writePart,
} from "../multipart-uploads";
import { Readable } from "node:stream";
import { openObject } from "../object-store";
import { assertCanRead, assertCanWrite } from "./s3-access";
import { copySource } from "./s3-objects";
import { s3Error } from "./s3-error";
import {
  headerValue,
  isoSeconds,
  quoted,
  readSmallBody,
  requestBody,
  sendEmpty,
  sendXml,
  userMetadata,
  type S3Context,
} from "./s3-request";
import { childrenNamed, childText, parseXml } from "./s3-xml";

const uploadOf = async (ctx: S3Context) =>
  await findUpload(ctx.db, ctx.caller.credential.workspaceId, ctx.bucket, ctx.key, ctx.query.get("uploadId") ?? "");

export async function createMultipartUpload(ctx: S3Context): Promise<void> {
  assertCanWrite(ctx, ctx.bucket);
  const upload = await createUpload(ctx.db, ctx.caller.credential.workspaceId, ctx.bucket, ctx.key, {
    contentType: headerValue(ctx.req, "content-type"),
    metadata: userMetadata(ctx.req),
  });
  sendXml(ctx, 200, "InitiateMultipartUploadResult", { Bucket: ctx.bucket, Key: ctx.key, UploadId: upload.id });
}

export async function uploadPart(ctx: S3Context): Promise<void> {
  assertCanWrite(ctx, ctx.bucket);
  if (headerValue(ctx.req, "x-amz-copy-source") !== undefined) return uploadPartCopy(ctx);
  const upload = await uploadOf(ctx);
  const partNumber = Number(ctx.query.get("partNumber"));
  const { body, length, sha256 } = requestBody(ctx);
  const part = await writePart(ctx.db, upload, partNumber, body, {
    expectedLength: length,
    contentMd5: headerValue(ctx.req, "content-md5"),
    expectedSha256: sha256,
  });
  sendEmpty(ctx, 200, { ETag: quoted(part.etag) });
}

export async function completeMultipartUpload(ctx: S3Context): Promise<void> {
  assertCanWrite(ctx, ctx.bucket);
  const upload = await uploadOf(ctx);
  // 10000 parts of <Part><PartNumber>…</PartNumber><ETag>…</ETag></Part> stay well under 2 MiB.
  const root = parseXml(await readSmallBody(ctx, 2 * 1024 * 1024));
  if (root.name !== "CompleteMultipartUpload")
    throw s3Error("MalformedXML", "The root must be CompleteMultipartUpload.");
  const parts = childrenNamed(root, "Part").map((p) => {
    const number = childText(p, "PartNumber") ?? "";
    const etag = childText(p, "ETag");
    if (!/^\d{1,5}$/.test(number) || !etag) throw s3Error("MalformedXML", "Each Part needs a PartNumber and an ETag.");
    return { partNumber: Number(number), etag };
  });
  if (parts.length > MAX_PART_NUMBER) throw s3Error("MalformedXML", `At most ${MAX_PART_NUMBER} parts.`);
  const row = await completeUpload(ctx.db, upload, parts);
  sendXml(ctx, 200, "CompleteMultipartUploadResult", {
    Location: `/${ctx.bucket}/${encodeURIComponent(ctx.key).replace(/%2F/g, "/")}`,
    Bucket: ctx.bucket,
    Key: ctx.key,
    ETag: quoted(row.etag),
  });
}

export async function abortMultipartUpload(ctx: S3Context): Promise<void> {
  assertCanWrite(ctx, ctx.bucket);
  await abortUpload(ctx.db, await uploadOf(ctx));
  sendEmpty(ctx, 204);
}

export async function listPartsS3(ctx: S3Context): Promise<void> {
  assertCanRead(ctx, ctx.bucket);
  const upload = await uploadOf(ctx);
  const marker = Number(ctx.query.get("part-number-marker") ?? 0);
  const maxParts = Math.min(1000, Number(ctx.query.get("max-parts") ?? 1000));
  if (!Number.isInteger(marker) || !Number.isInteger(maxParts) || maxParts < 0)
    throw s3Error("InvalidArgument", "part-number-marker and max-parts are whole numbers.");
  const after = (await listParts(ctx.db, upload.id)).filter((p) => p.partNumber > marker);
  const page = after.slice(0, maxParts);
  const truncated = after.length > page.length;
  sendXml(ctx, 200, "ListPartsResult", {
    Bucket: ctx.bucket,
    Key: ctx.key,
    UploadId: upload.id,
    PartNumberMarker: marker,
    NextPartNumberMarker: page.at(-1)?.partNumber ?? marker,
    MaxParts: maxParts,
    IsTruncated: truncated,
    Part: page.map((p) => ({
      PartNumber: p.partNumber,
      LastModified: isoSeconds(p.modifiedAt),
      ETag: quoted(p.etag),
      Size: p.sizeBytes,
    })),
    StorageClass: "STANDARD",
  });
}

export async function listMultipartUploads(ctx: S3Context): Promise<void> {
  assertCanRead(ctx, ctx.bucket);
  const limit = Math.min(1000, Number(ctx.query.get("max-uploads") ?? 1000));
  if (!Number.isInteger(limit) || limit < 0) throw s3Error("InvalidArgument", "max-uploads is a whole number.");
  const query = {
    prefix: ctx.query.get("prefix") ?? "",
    keyMarker: ctx.query.get("key-marker") ?? "",
    uploadIdMarker: ctx.query.get("upload-id-marker") ?? "",
    limit,
  };
  const found = await listUploads(ctx.db, ctx.caller.credential.workspaceId, ctx.bucket, query);
  const page = found.slice(0, limit);
  sendXml(ctx, 200, "ListMultipartUploadsResult", {
    Bucket: ctx.bucket,
    KeyMarker: query.keyMarker,
    UploadIdMarker: query.uploadIdMarker,
    NextKeyMarker: page.at(-1)?.key,
    NextUploadIdMarker: page.at(-1)?.id,
    Prefix: query.prefix,
    MaxUploads: limit,
    IsTruncated: found.length > limit,
    Upload: page.map((u) => ({
      Key: u.key,
      UploadId: u.id,
      Initiated: isoSeconds(u.createdAt),
      StorageClass: "STANDARD",
    })),
  });
}

/** UploadPartCopy: a part cut from an existing object (`x-amz-copy-source-range: bytes=a-b`), how aws s3 cp copies big objects. */
async function uploadPartCopy(ctx: S3Context): Promise<void> {
  const upload = await uploadOf(ctx);
  const source = copySource(ctx);
  const { row, handle } = await openObject(ctx.db, ctx.caller.credential.workspaceId, source.bucket, source.key);
  try {
    const rangeHeader = headerValue(ctx.req, "x-amz-copy-source-range");
    const m = rangeHeader === undefined ? null : /^bytes=(\d+)-(\d+)$/.exec(rangeHeader);
    if (rangeHeader !== undefined && (!m || Number(m[1]) > Number(m[2]) || Number(m[2]) >= row.sizeBytes))
      throw s3Error("InvalidArgument", "x-amz-copy-source-range must be bytes=first-last within the source object.");
    const start = m ? Number(m[1]) : 0;
    const end = m ? Number(m[2]) : row.sizeBytes - 1;
    const body =
      row.sizeBytes === 0
        ? Readable.from([])
        : handle.createReadStream({ start, end, autoClose: false, highWaterMark: 1 << 20 });
    const partNumber = Number(ctx.query.get("partNumber"));
    const part = await writePart(ctx.db, upload, partNumber, body, { expectedLength: end - start + 1 });
    sendXml(ctx, 200, "CopyPartResult", { LastModified: isoSeconds(part.modifiedAt), ETag: quoted(part.etag) });
  } finally {
    await handle.close().catch(() => {});
  }
}
