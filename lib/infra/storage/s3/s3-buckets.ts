import { findRegion } from "@/lib/infra/vps/catalogue";
import { allBuckets, createBucket, deleteBucket, getBucket } from "../manage-buckets";
import { deleteObjectRow, listObjectRows } from "../object-store";
import { assertCanRead, assertCanWrite } from "./s3-access";
import { s3Error, toS3Error } from "./s3-error";
import { isoSeconds, quoted, readSmallBody, sendEmpty, sendXml, sendXmlText, type S3Context } from "./s3-request";
import { childrenNamed, childText, parseXml, xmlText } from "./s3-xml";

/** Where a bucket made over S3 lives when the request names no catalogue region (the REST API's default). */
const DEFAULT_BUCKET_REGION = "sgp1";

const owner = (ctx: S3Context) => ({
  ID: ctx.caller.credential.workspaceId,
  DisplayName: ctx.caller.credential.workspaceId,
});

export async function listBuckets(ctx: S3Context): Promise<void> {
  const allowed = ctx.caller.credential.buckets;
  const buckets = (await allBuckets(ctx.db, ctx.caller.credential.workspaceId)).filter(
    (b) => !allowed || allowed.includes(b.name),
  );
  sendXml(ctx, 200, "ListAllMyBucketsResult", {
    Owner: owner(ctx),
    Buckets: { Bucket: buckets.map((b) => ({ Name: b.name, CreationDate: isoSeconds(b.createdAt) })) },
  });
}

export async function createBucketS3(ctx: S3Context): Promise<void> {
  assertCanWrite(ctx, null);
  const body = await readSmallBody(ctx, 64 * 1024);
  let region = DEFAULT_BUCKET_REGION;
  if (body.trim()) {
    const location = childText(parseXml(body), "LocationConstraint");
    if (location && findRegion(location)) region = location;
    else if (location && location !== ctx.region)
      throw s3Error(
        "InvalidArgument",
        `Unknown LocationConstraint ${location}; buckets live in the catalogue's regions.`,
      );
  }
  const workspaceId = ctx.caller.credential.workspaceId;
  try {
    await getBucket(ctx.db, workspaceId, ctx.bucket);
    throw s3Error(
      "BucketAlreadyOwnedByYou",
      "Your previous request to create the named bucket succeeded and you already own it.",
    );
  } catch (error) {
    if (toS3Error(error).code !== "NoSuchBucket") throw error;
  }
  await createBucket(ctx.db, workspaceId, { name: ctx.bucket, region });
  sendEmpty(ctx, 200, { Location: `/${ctx.bucket}` });
}

export async function headBucket(ctx: S3Context): Promise<void> {
  assertCanRead(ctx, ctx.bucket);
  const bucket = await getBucket(ctx.db, ctx.caller.credential.workspaceId, ctx.bucket);
  sendEmpty(ctx, 200, { "x-amz-bucket-region": ctx.region, "x-bengkel-bucket-region": bucket.region });
}

export async function bucketLocation(ctx: S3Context): Promise<void> {
  assertCanRead(ctx, ctx.bucket);
  await getBucket(ctx.db, ctx.caller.credential.workspaceId, ctx.bucket);
  // us-east-1 is S3's empty LocationConstraint.
  sendXmlText(ctx, 200, xmlText("LocationConstraint", ctx.region === "us-east-1" ? "" : ctx.region));
}

export async function deleteBucketS3(ctx: S3Context): Promise<void> {
  assertCanWrite(ctx, ctx.bucket);
  await deleteBucket(ctx.db, ctx.caller.credential.workspaceId, ctx.bucket);
  sendEmpty(ctx, 204);
}

const maxKeysOf = (ctx: S3Context) => {
  const raw = ctx.query.get("max-keys");
  if (raw === null) return 1000;
  if (!/^\d+$/.test(raw)) throw s3Error("InvalidArgument", "max-keys must be a whole number.");
  return Math.min(1000, Number(raw));
};

/** ListObjectsV2 (`list-type=2`) and the original ListObjects, which some tools still use. */
export async function listObjects(ctx: S3Context): Promise<void> {
  assertCanRead(ctx, ctx.bucket);
  const v2 = ctx.query.get("list-type") === "2";
  const encodingType = ctx.query.get("encoding-type");
  if (encodingType !== null && encodingType !== "url") throw s3Error("InvalidArgument", "encoding-type must be url.");
  const enc = (text: string | null | undefined) =>
    text === null || text === undefined
      ? undefined
      : encodingType
        ? encodeURIComponent(text).replace(/%2F/g, "/")
        : text;
  const prefix = ctx.query.get("prefix") ?? "";
  const delimiter = ctx.query.get("delimiter") || undefined;
  const token = ctx.query.get("continuation-token");
  let after: string | undefined;
  if (v2 && token !== null) {
    after = Buffer.from(token, "base64url").toString("utf8");
    if (!token || Buffer.from(after, "utf8").toString("base64url") !== token)
      throw s3Error("InvalidArgument", "The continuation token provided is incorrect.");
  } else {
    after = (v2 ? ctx.query.get("start-after") : ctx.query.get("marker")) ?? undefined;
    // A NextMarker that is a common prefix resumes after every key under it, not inside it.
    if (!v2 && delimiter && after?.endsWith(delimiter)) after = `${after}\u{10FFFF}`;
  }
  const maxKeys = maxKeysOf(ctx);
  const page = await listObjectRows(ctx.db, ctx.caller.credential.workspaceId, ctx.bucket, {
    prefix,
    delimiter,
    after,
    maxKeys,
  });
  const contents = page.objects.map((o) => ({
    Key: enc(o.key),
    LastModified: isoSeconds(o.modifiedAt),
    ETag: quoted(o.etag),
    Size: o.sizeBytes,
    ...(v2 && ctx.query.get("fetch-owner") !== "true" ? {} : { Owner: owner(ctx) }),
    StorageClass: "STANDARD",
  }));
  const common = page.commonPrefixes.map((p) => ({ Prefix: enc(p) }));
  const truncated = page.next !== null;
  sendXml(ctx, 200, "ListBucketResult", {
    Name: ctx.bucket,
    Prefix: enc(prefix),
    ...(v2
      ? {
          ...(ctx.query.get("start-after") !== null ? { StartAfter: enc(ctx.query.get("start-after")) } : {}),
          ...(token !== null ? { ContinuationToken: token } : {}),
          ...(truncated ? { NextContinuationToken: Buffer.from(page.next!, "utf8").toString("base64url") } : {}),
          KeyCount: contents.length + common.length,
        }
      : {
          Marker: enc(ctx.query.get("marker") ?? ""),
          // S3 gives NextMarker only with a delimiter; without one the client resumes after its last key.
          ...(truncated && delimiter ? { NextMarker: enc(page.next!.replace(/\u{10FFFF}$/u, "")) } : {}),
        }),
    MaxKeys: maxKeys,
    Delimiter: enc(delimiter),
    EncodingType: encodingType ?? undefined,
    IsTruncated: truncated,
    Contents: contents,
    CommonPrefixes: common,
  });
}

/** DeleteObjects: up to 1000 keys; per-key outcomes in one response, as S3 answers. */
export async function deleteObjects(ctx: S3Context): Promise<void> {
  assertCanWrite(ctx, ctx.bucket);
  const root = parseXml(await readSmallBody(ctx, 2 * 1024 * 1024));
  if (root.name !== "Delete") throw s3Error("MalformedXML", "The root element must be Delete.");
  const keys = childrenNamed(root, "Object").map((o) => childText(o, "Key"));
  if (keys.length === 0 || keys.length > 1000 || keys.some((k) => k === undefined))
    throw s3Error("MalformedXML", "List 1–1000 Object elements, each with a Key.");
  const quiet = childText(root, "Quiet") === "true";
  const deleted: { Key: string }[] = [];
  const errors: { Key: string; Code: string; Message: string }[] = [];
  for (const key of keys as string[]) {
    try {
      await deleteObjectRow(ctx.db, ctx.caller.credential.workspaceId, ctx.bucket, key);
      deleted.push({ Key: key });
    } catch (error) {
      const s3 = toS3Error(error);
      if (s3.code === "NoSuchBucket") throw s3;
      errors.push({ Key: key, Code: s3.code, Message: s3.message });
    }
  }
  sendXml(ctx, 200, "DeleteResult", { Deleted: quiet ? [] : deleted, Error: errors });
}
