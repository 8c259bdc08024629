import { z } from "zod";
import { defineOperation } from "@/lib/api/operation";
import { isoDate } from "./common";
import { infraOp, pageQuery } from "./infra-common";

const common = infraOp("Storage");

export const storageCredentialSchema = z
  .object({
    id: z.string().meta({ example: "s3c_0f3k2m9q8r7t6y5u4i3o2p1a" }),
    name: z.string(),
    access_key_id: z.string().meta({ example: "BKQ4ZJ7N2XW5RM3LA6PD" }),
    buckets: z
      .array(z.string())
      .nullable()
      .meta({ description: "The buckets the pair may use; null for every bucket of the workspace" }),
    read_only: z.boolean(),
    created_at: isoDate,
    revoked_at: isoDate.nullable(),
  })
  .meta({ id: "StorageCredential" });

export const createStorageCredentialContract = defineOperation({
  ...common,
  operationId: "createStorageCredential",
  method: "post",
  path: "/v1/storage/credentials",
  summary: "Create an S3 access key pair (the secret is shown once)",
  description:
    "For the S3-compatible endpoint (aws, rclone, SDKs). `buckets` limits the pair to some of the workspace's buckets; `read_only` refuses every write. The response's `secret_access_key` is never shown again: it is stored encrypted, only to check signatures. Not idempotent: a replay would have to keep the secret; a retried request makes a second pair (revoke the spare).",
  scope: "infra:write",
  body: z.object({
    name: z.string().trim().min(1).max(100),
    buckets: z.array(z.string().min(3).max(63)).min(1).max(100).optional(),
    read_only: z.boolean().default(false),
  }),
  response: storageCredentialSchema.extend({ secret_access_key: z.string() }),
  successStatus: 201,
  errors: ["invalid_request"],
});

export const listStorageCredentialsContract = defineOperation({
  ...common,
  operationId: "listStorageCredentials",
  method: "get",
  path: "/v1/storage/credentials",
  summary: "List the workspace's S3 access key pairs, newest first (never their secrets)",
  scope: "infra:read",
  query: pageQuery,
  response: storageCredentialSchema,
  paginated: true,
  errors: ["invalid_request"],
});

export const revokeStorageCredentialContract = defineOperation({
  ...common,
  operationId: "revokeStorageCredential",
  method: "delete",
  path: "/v1/storage/credentials/{id}",
  summary: "Revoke an S3 access key pair; its next request is InvalidAccessKeyId",
  scope: "infra:write",
  params: z.object({ id: z.string().min(1).max(100) }),
  response: storageCredentialSchema,
  errors: ["not_found", "conflict"],
});
