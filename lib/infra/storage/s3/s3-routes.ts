import { getObject, putObject, deleteObject, objectTagging } from "./s3-objects";
import {
  bucketLocation,
  createBucketS3,
  deleteBucketS3,
  deleteObjects,
  headBucket,
  listBuckets,
  listObjects,
} from "./s3-buckets";
import {
  abortMultipartUpload,
  completeMultipartUpload,
  createMultipartUpload,
  listMultipartUploads,
  listPartsS3,
  uploadPart,
} from "./s3-multipart";
import { s3Error } from "./s3-error";
import type { S3Context } from "./s3-request";

/** Sub-resources S3 has that this endpoint does not; naming one is NotImplemented, never a silent listing. */
const UNSUPPORTED = [
  "acl",
  "policy",
  "cors",
  "lifecycle",
  "tagging",
  "website",
  "replication",
  "encryption",
  "logging",
  "notification",
  "object-lock",
  "retention",
  "legal-hold",
  "versions",
  "accelerate",
  "requestPayment",
  "analytics",
  "inventory",
  "metrics",
  "ownershipControls",
  "publicAccessBlock",
  "intelligent-tiering",
  "restore",
  "select",
  "torrent",
  "attributes",
];

const notImplemented = () =>
  s3Error("NotImplemented", "A header or query you provided implies functionality that is not implemented.");
const methodNotAllowed = () =>
  s3Error("MethodNotAllowed", "The specified method is not allowed against this resource.");

/** S3's operations, told apart by method, bucket, key and sub-resource, as S3 does. */
export async function routeS3(ctx: S3Context): Promise<void | Promise<void>> {
  const { query, bucket, key } = ctx;
  const method = ctx.req.method;
  // Objects carry no tags here; the empty set lets aws s3 cp copy objects, which asks for the source's.
  if (key && method === "GET" && query.has("tagging") && !query.has("uploadId")) return await objectTagging(ctx);
  if (UNSUPPORTED.some((name) => query.has(name))) throw notImplemented();
  if (!bucket) {
    if (method === "GET") return await listBuckets(ctx);
    throw methodNotAllowed();
  }
  if (!key) {
    if (query.has("versioning")) throw notImplemented();
    if (method === "GET" && query.has("uploads")) return await listMultipartUploads(ctx);
    if (method === "PUT") return createBucketS3(ctx);
    if (method === "HEAD") return await headBucket(ctx);
    if (method === "DELETE") return await deleteBucketS3(ctx);
    if (method === "GET") return query.has("location") ? await bucketLocation(ctx) : await listObjects(ctx);
    if (method === "POST" && query.has("delete")) return deleteObjects(ctx);
    throw methodNotAllowed();
  }
  const uploadId = query.has("uploadId");
  if (method === "PUT") return uploadId ? uploadPart(ctx) : putObject(ctx);
  if (method === "GET") return uploadId ? await listPartsS3(ctx) : getObject(ctx);
  if (method === "HEAD" && !uploadId) return getObject(ctx);
  if (method === "DELETE") return uploadId ? await abortMultipartUpload(ctx) : await deleteObject(ctx);
  if (method === "POST" && query.has("uploads")) return await createMultipartUpload(ctx);
  if (method === "POST" && uploadId) return completeMultipartUpload(ctx);
  throw methodNotAllowed();
}
