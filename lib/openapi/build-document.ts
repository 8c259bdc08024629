import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import type { Operation } from "@/lib/api/operation";
import { ERROR_CODES, type ErrorCode } from "@/lib/api/error-codes";
import { WEBHOOKS_DOCUMENT } from "@/lib/contracts/webhooks";

const errorObject = z
  .object({
    type: z.string().meta({ example: "invalid_request_error" }),
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    param: z.string().optional(),
    details: z.unknown().optional(),
  })
  .meta({ id: "Error" });

const v1Error = z
  .object({ success: z.literal(false), error: errorObject, request_id: z.string() })
  .meta({ id: "V1ErrorEnvelope" });
const legacyError = z
  .object({ ok: z.literal(false), error: errorObject, request_id: z.string() })
  .meta({ id: "LegacyErrorEnvelope" });

const COMMON_ERRORS: ErrorCode[] = ["unauthorized", "internal_error"];

function successSchema(op: Operation): z.ZodType {
  if (op.paginated) {
    return z.object({ success: z.literal(true), data: z.array(op.response), next_cursor: z.string().nullable() });
  }
  if (op.envelope === "v1") return z.object({ success: z.literal(true), data: op.response });
  const shape = op.response instanceof z.ZodObject ? op.response.shape : { data: op.response };
  return z.object({ ok: z.literal(true), ...shape });
}

const requestIdHeader = z.string().meta({
  description: "This request's id (kept from a well-formed incoming `X-Request-Id`): quote it when asking for help.",
});
/** Sent on every keyed answer, except the unlimited team plan's (IETF RateLimit draft plus the common trio). */
const rateLimitHeaders = {
  RateLimit: z
    .string()
    .optional()
    .meta({ description: 'Remaining requests and seconds to the reset, e.g. `"daily";r=999;t=41234`' }),
  "RateLimit-Policy": z
    .string()
    .optional()
    .meta({ description: 'The limit and window, e.g. `"daily";q=1000;w=86400`' }),
  "X-RateLimit-Limit": z.int().optional(),
  "X-RateLimit-Remaining": z.int().optional(),
  "X-RateLimit-Reset": z.int().optional().meta({ description: "Unix seconds" }),
};
const headersFor = (status: number) =>
  z.object({
    "X-Request-Id": requestIdHeader,
    ...(status === 401 ? { "WWW-Authenticate": z.string().meta({ description: "`Bearer`" }) } : rateLimitHeaders),
    ...(status === 429 || status === 503 ? { "Retry-After": z.int().meta({ description: "Seconds to wait" }) } : {}),
  });

const idempotencyHeader = z.object({
  "Idempotency-Key": z.string().min(1).max(255).optional().meta({
    description:
      "Makes a retry safe: for 24 h the same key and body replay the first answer; another body is 409 `conflict`.",
  }),
});
const replayedHeader = {
  "Idempotent-Replayed": z
    .literal("true")
    .optional()
    .meta({ description: "Present when this is a replay of an earlier answer" }),
};

function errorResponses(op: Operation) {
  const codes = [
    ...COMMON_ERRORS,
    op.service === "quote" ? "quota_exceeded" : "rate_limit_exceeded",
    ...(op.errors ?? []),
  ] as ErrorCode[];
  if (op.plan) codes.push("plan_required");
  if (op.scope) codes.push("insufficient_scope");
  if (op.params || op.query || op.body) codes.push("invalid_request");
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const schema = op.envelope === "v1" ? v1Error : legacyError;
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      {
        description: `Error: ${list.join(", ")}`,
        headers: headersFor(status),
        content: { "application/json": { schema } },
      },
    ]),
  );
}

/** The upload form of POST /v1/files (a new version reads only `file`). */
const uploadForm = z.object({ file: z.string().meta({ format: "binary" }) });

const bytes = { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } };
const etagHeader = z.string().meta({ description: "The bytes' SHA-256, quoted" });

/** Downloads answer bytes; with "ranges", also a part of them (206) or nothing new (304). */
function binaryResponses(kind: "ranges" | "whole") {
  const length = { "Content-Length": z.int().meta({ description: "Bytes in this body" }) };
  const validators = kind === "ranges" ? { ETag: etagHeader, "Accept-Ranges": z.literal("bytes") } : {};
  return {
    "200": { description: "The bytes", headers: z.object({ ...length, ...validators }), content: bytes },
    ...(kind === "ranges"
      ? {
          "206": {
            description: "The bytes of the one range asked for with `Range: bytes=a-b`",
            headers: z.object({
              ...length,
              ...validators,
              "Content-Range": z.string().meta({ description: "`bytes a-b/size`" }),
            }),
            content: bytes,
          },
          "304": { description: "`If-None-Match` matched the ETag: no body", headers: z.object({ ETag: etagHeader }) },
        }
      : {}),
  };
}

function toOpenApiOperation(op: Operation): ZodOpenApiOperationObject {
  const requirements = [op.scope && `Scope \`${op.scope}\`.`, op.plan && `Plan: ${op.plan} or higher.`].filter(Boolean);
  const operation: ZodOpenApiOperationObject = {
    operationId: op.operationId,
    summary: op.summary,
    description: [op.description, ...requirements].filter(Boolean).join("\n\n") || undefined,
    tags: op.tags,
    requestParams: {
      ...(op.params ? { path: op.params as z.ZodObject } : {}),
      ...(op.query ? { query: op.query as z.ZodObject } : {}),
      ...(op.idempotent ? { header: idempotencyHeader } : {}),
    },
    responses: {
      ...(op.binary
        ? binaryResponses(op.binary)
        : {
            [String(op.successStatus ?? 200)]: {
              description: "Success",
              headers: op.idempotent
                ? headersFor(op.successStatus ?? 200).extend(replayedHeader)
                : headersFor(op.successStatus ?? 200),
              content: { "application/json": { schema: successSchema(op) } },
            },
          }),
      ...errorResponses(op),
    },
  };
  if (op.body === "multipart") {
    operation.requestBody = {
      required: true,
      content: { "multipart/form-data": { schema: op.multipart ?? uploadForm } },
    };
  } else if (op.body) {
    // Required unless an empty body is valid (every field optional or defaulted).
    operation.requestBody = {
      required: !op.body.safeParse(undefined).success && !op.body.safeParse({}).success,
      content: { "application/json": { schema: op.body } },
    };
  }
  return operation;
}

export function buildOpenApiDocument(operations: Operation[], serverUrl = "/") {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of operations) paths[op.path] = { ...paths[op.path], [op.method]: toOpenApiOperation(op) };
  const document = createDocument({
    openapi: "3.1.0",
    info: {
      title: "Bengkel API",
      version: "1.0.0",
      description:
        "Instant manufacturing quotes from CAD files, the CAD workspace around them, and infrastructure management. " +
        "Authenticate every request with `Authorization: Bearer <key>`. Prices are estimates in Indonesian rupiah (IDR).",
      license: { name: "AGPL-3.0-or-later", identifier: "AGPL-3.0-or-later" },
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "An API key, `bk_live_…`." } },
    },
    paths,
    webhooks: WEBHOOKS_DOCUMENT,
  });
  return defaultsInDescriptions(document);
}

/**
 * openapi-typescript (default settings) types a property with a `default` as always present, which would make
 * every defaulted request field mandatory in generated clients. The default is stated in the description instead.
 */
function defaultsInDescriptions<T>(node: T, parentKey = ""): T {
  if (Array.isArray(node)) return node.map((item) => defaultsInDescriptions(item)) as T;
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  const isSchema =
    parentKey !== "properties" &&
    parentKey !== "examples" &&
    "default" in node &&
    ("type" in node || "$ref" in node || "anyOf" in node || "enum" in node);
  for (const [key, value] of Object.entries(node)) {
    if (isSchema && key === "default") continue;
    out[key] = defaultsInDescriptions(value, key);
  }
  if (isSchema) {
    const stated = `Default: \`${JSON.stringify((node as { default: unknown }).default)}\`.`;
    out.description = typeof out.description === "string" ? `${out.description} ${stated}` : stated;
  }
  return out as T;
}
