import { z } from "zod";
import { defineOperation } from "@/lib/api/operation";
import { isoDate } from "./common";
import { deleted, idempotencyNote, infraOp, pageQuery } from "./infra-common";

const common = infraOp("Storage");

export const bucketSchema = z
  .object({
    name: z.string().meta({ example: "bengkel-renders" }),
    region: z.string().meta({ example: "sgp1" }),
    size_bytes: z.int().meta({ description: "Every stored byte of its objects" }),
    object_count: z.int(),
    created_at: isoDate,
  })
  .meta({ id: "StorageBucket" });

export const getStorageUsageContract = defineOperation({
  ...common,
  operationId: "getStorageUsage",
  method: "get",
  path: "/v1/storage",
  summary: "Storage used by the workspace's buckets (objects from this API and the S3 endpoint alike)",
  scope: "infra:read",
  response: z.object({
    bucket_count: z.int(),
    size_bytes: z.int(),
    object_count: z.int(),
    by_region: z.array(z.object({ region: z.string(), size_bytes: z.int(), bucket_count: z.int() })),
  }),
});

export const listBucketsContract = defineOperation({
  ...common,
  operationId: "listBuckets",
  method: "get",
  path: "/v1/storage/buckets",
  summary: "List buckets, newest first",
  scope: "infra:read",
  query: pageQuery,
  response: bucketSchema,
  paginated: true,
  errors: ["invalid_request"],
});

export const createBucketContract = defineOperation({
  ...common,
  operationId: "createBucket",
  method: "post",
  path: "/v1/storage/buckets",
  summary: "Create a bucket (S3 naming rules; names are global)",
  description: `3–63 characters of lowercase letters, digits, hyphens and dots; begins and ends with a letter or digit; no \`..\`; not an IP address; no \`xn--\`, \`sthree-\` or \`amzn-s3-demo-\` prefix; no \`-s3alias\`, \`--ol-s3\`, \`.mrap\`, \`--x-s3\` or \`--table-s3\` suffix. A taken name is 409. ${idempotencyNote}`,
  idempotent: true,
  scope: "infra:write",
  body: z.object({ name: z.string().max(100), region: z.string().min(1).max(50).default("sgp1") }),
  response: bucketSchema,
  successStatus: 201,
  errors: ["invalid_request", "conflict"],
});

export const deleteBucketContract = defineOperation({
  ...common,
  operationId: "deleteBucket",
  method: "delete",
  path: "/v1/storage/buckets/{name}",
  summary: "Delete an empty bucket (409 when it still holds objects)",
  scope: "infra:write",
  params: z.object({ name: z.string().min(1).max(100) }),
  response: deleted,
  errors: ["not_found", "conflict"],
});

const objectSchema = z
  .object({ key: z.string().meta({ example: "renders/part-01.png" }), size_bytes: z.int(), modified_at: isoDate })
  .meta({ id: "StorageObject" });

/** Next.js hands a catch-all segment over as an array; on the wire it is one path with slashes. */
const asPathString = ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
  delete jsonSchema.items;
  delete jsonSchema.minItems;
  Object.assign(jsonSchema, { type: "string", example: "renders/part-01.png" });
};

const objectParams = z.object({
  name: z.string().min(1).max(100),
  key: z
    .array(z.string())
    .min(1)
    .transform((parts) => parts.join("/"))
    .meta({ description: "Object key; `/` separates folders", override: asPathString }),
});

export const listObjectsContract = defineOperation({
  ...common,
  operationId: "listObjects",
  method: "get",
  path: "/v1/storage/buckets/{name}/objects",
  summary: "List a bucket's objects in key order, optionally under a prefix",
  scope: "infra:read",
  params: z.object({ name: z.string().min(1).max(100) }),
  query: pageQuery.extend({ prefix: z.string().max(1024).optional() }),
  response: objectSchema,
  paginated: true,
  errors: ["not_found", "invalid_request"],
});

/** An object's largest size: 10 MiB of bytes, whatever the base64 around them. */
export const OBJECT_MAX_BYTES = 10 * 1024 * 1024;
const base64Bytes = (text: string) =>
  Math.floor((text.length * 3) / 4) - (text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0);

export const putObjectContract = defineOperation({
  ...common,
  operationId: "putObject",
  method: "put",
  path: "/v1/storage/buckets/{name}/objects/{key}",
  summary: "Store an object (base64 in JSON, up to 10 MiB of bytes); replaces one with the same key",
  scope: "infra:write",
  params: objectParams,
  body: z.object({
    content_base64: z
      .base64()
      .max(4 * Math.ceil(OBJECT_MAX_BYTES / 3))
      .refine((text) => base64Bytes(text) <= OBJECT_MAX_BYTES, `at most ${OBJECT_MAX_BYTES} bytes once decoded`),
  }),
  // The base64 of 10 MiB and its JSON, past the default JSON body limit.
  maxBodyBytes: 4 * Math.ceil(OBJECT_MAX_BYTES / 3) + 1024,
  response: objectSchema.extend({ sha256: z.string() }),
  successStatus: 201,
  errors: ["not_found", "invalid_request", "conflict"],
});

export const getObjectContract = defineOperation({
  ...common,
  operationId: "getObject",
  method: "get",
  path: "/v1/storage/buckets/{name}/objects/{key}",
  summary: "The object's bytes",
  scope: "infra:read",
  params: objectParams,
  response: z.string().meta({ format: "binary" }),
  binary: "whole",
  errors: ["not_found"],
});

export const deleteObjectContract = defineOperation({
  ...common,
  operationId: "deleteObject",
  method: "delete",
  path: "/v1/storage/buckets/{name}/objects/{key}",
  summary: "Delete an object",
  scope: "infra:write",
  params: objectParams,
  response: deleted,
  errors: ["not_found"],
});
