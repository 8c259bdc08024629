import { z } from "zod";
import { defineOperation } from "@/lib/api/operation";
import { idParams, isoDate, scopeSchema } from "./common";

export const apiKeySchema = z
  .object({
    id: z.string().meta({ example: "key_3j5l7n9q1s3u5w7y9a1c3e5g" }),
    name: z.string(),
    scopes: z.array(scopeSchema).meta({ description: "Empty = every scope." }),
    display_hint: z.string().meta({ example: "bk_live_…x9Qa" }),
    created_at: isoDate,
    expires_at: isoDate.nullable(),
    revoked_at: isoDate.nullable(),
    last_used_at: isoDate.nullable().meta({ description: "Recorded at most once a minute." }),
  })
  .meta({ id: "ApiKey" });

export const createApiKeyBody = z
  .object({
    name: z.string().trim().min(1).max(100),
    scopes: z.array(scopeSchema).max(20).default([]),
    expires_in_days: z.int().min(1).max(3650).optional(),
  })
  .meta({ id: "CreateApiKeyRequest" });

export const listApiKeysContract = defineOperation({
  operationId: "listApiKeys",
  method: "get",
  path: "/v1/api-keys",
  summary: "List the workspace's API keys (never their secrets)",
  tags: ["API keys"],
  envelope: "v1",
  service: "quote",
  scope: "keys",
  response: z.array(apiKeySchema),
  errors: ["insufficient_scope"],
});

export const createApiKeyContract = defineOperation({
  operationId: "createApiKey",
  method: "post",
  path: "/v1/api-keys",
  summary: "Create an API key; the secret is returned once",
  description:
    "A key created by a key with limited scopes may only have a subset of those scopes. Scopes whose endpoints need a higher plan are refused.",
  tags: ["API keys"],
  envelope: "v1",
  service: "quote",
  scope: "keys",
  body: createApiKeyBody,
  response: apiKeySchema.extend({ secret: z.string().meta({ description: "Shown only in this response." }) }),
  successStatus: 201,
  errors: ["invalid_request", "invalid_json", "insufficient_scope"],
});

export const revokeApiKeyContract = defineOperation({
  operationId: "revokeApiKey",
  method: "delete",
  path: "/v1/api-keys/{id}",
  summary: "Revoke an API key",
  tags: ["API keys"],
  envelope: "v1",
  service: "quote",
  scope: "keys",
  params: idParams("API key id"),
  response: apiKeySchema,
  errors: ["not_found", "conflict", "insufficient_scope"],
});
