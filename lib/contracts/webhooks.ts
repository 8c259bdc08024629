import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { defineOperation } from "@/lib/api/operation";
import { WEBHOOK_DELIVERY_STATUSES } from "@/db/schema";
import { SUBSCRIBABLE_EVENT_TYPES, WEBHOOK_EVENT_CATALOG, WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/event-catalog";
import { idParams, isoDate } from "./common";
import { fileSchema } from "./files";

const common = {
  tags: ["Webhooks"],
  envelope: "v1" as const,
  service: "quote" as const,
  scope: "webhooks" as const,
  plan: "pro" as const,
};

const subscribableEvent = z.enum(SUBSCRIBABLE_EVENT_TYPES).meta({ id: "WebhookEventType" });

export const webhookSchema = z
  .object({
    id: z.string().meta({ example: "wh_0a2c4e6g8i0k2m4o6q8s0u2w" }),
    url: z.string().meta({ example: "https://erp.example.com/bengkel/webhooks" }),
    description: z.string().nullable(),
    events: z.array(subscribableEvent),
    enabled: z.boolean(),
    disabled_reason: z
      .string()
      .nullable()
      .meta({ description: "Why it was disabled (410 Gone, 5 days of failures, or the API)." }),
    disabled_at: isoDate.nullable(),
    previous_secret_expires_at: isoDate.nullable().meta({
      description: "Until then deliveries also carry a signature made with the secret replaced by the last rotation.",
    }),
    created_at: isoDate,
    updated_at: isoDate,
  })
  .meta({ id: "Webhook" });

const withSecret = webhookSchema
  .extend({
    secret: z.string().meta({
      example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      description:
        "Signing secret (Standard Webhooks `whsec_` format). Shown only in this response; stored server-side to sign.",
    }),
  })
  .meta({ id: "WebhookWithSecret" });

const pageQuery = {
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(500).optional(),
};

const url = z.string().trim().min(1).max(2048).meta({
  description: "http(s) URL on the public internet; private, loopback and link-local addresses are refused.",
});
const events = z.array(subscribableEvent).min(1).max(20);
const description = z.string().trim().max(500);

export const createWebhookBody = z
  .object({ url, events, description: description.optional() })
  .meta({ id: "CreateWebhookRequest" });

export const updateWebhookBody = z
  .object({
    url: url.optional(),
    events: events.optional(),
    description: description.nullable().optional(),
    enabled: z.boolean().optional(),
  })
  .meta({ id: "UpdateWebhookRequest" });

export const deliverySchema = z
  .object({
    id: z.string().meta({ example: "dlv_7h9j1l3n5p7r9t1v3x5z7b9d" }),
    webhook_id: z.string(),
    event: z.object({
      id: z.string().meta({ description: "Sent as the `webhook-id` header; the same on every retry." }),
      type: z.enum(WEBHOOK_EVENT_TYPES),
      created_at: isoDate,
    }),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempt_count: z.int(),
    next_attempt_at: isoDate.nullable(),
    last_attempt_at: isoDate.nullable(),
    created_at: isoDate,
    attempts: z.array(
      z.object({
        number: z.int(),
        started_at: isoDate,
        duration_ms: z.int(),
        status_code: z.int().nullable(),
        response_snippet: z.string().nullable().meta({ description: "First 1 KB of the response body." }),
        error: z.string().nullable(),
        succeeded: z.boolean(),
      }),
    ),
  })
  .meta({ id: "WebhookDelivery" });

const webhookParams = idParams("Webhook id");

export const listWebhookEventTypesContract = defineOperation({
  ...common,
  operationId: "listWebhookEventTypes",
  method: "get",
  path: "/v1/webhooks/events",
  summary: "The event catalogue: every event type with a description and a sample payload",
  response: z.array(
    z.object({
      type: z.enum(WEBHOOK_EVENT_TYPES),
      description: z.string(),
      subscribable: z.boolean(),
      sample: z.record(z.string(), z.unknown()),
    }),
  ),
});

export const listWebhooksContract = defineOperation({
  ...common,
  operationId: "listWebhooks",
  method: "get",
  path: "/v1/webhooks",
  summary: "List webhook endpoints, newest first (never their secrets)",
  query: z.object(pageQuery),
  response: webhookSchema,
  paginated: true,
});

export const createWebhookContract = defineOperation({
  ...common,
  operationId: "createWebhook",
  method: "post",
  path: "/v1/webhooks",
  summary: "Register a webhook endpoint; its signing secret is returned once",
  body: createWebhookBody,
  response: withSecret,
  successStatus: 201,
  errors: ["invalid_json"],
});

export const getWebhookContract = defineOperation({
  ...common,
  operationId: "getWebhook",
  method: "get",
  path: "/v1/webhooks/{id}",
  summary: "A webhook endpoint",
  params: webhookParams,
  response: webhookSchema,
  errors: ["not_found"],
});

export const updateWebhookContract = defineOperation({
  ...common,
  operationId: "updateWebhook",
  method: "patch",
  path: "/v1/webhooks/{id}",
  summary: "Change a webhook's URL, events, description, or enable/disable it",
  description: "Re-enabling a disabled endpoint resumes its pending deliveries in order.",
  params: webhookParams,
  body: updateWebhookBody,
  response: webhookSchema,
  errors: ["not_found", "invalid_json"],
});

export const deleteWebhookContract = defineOperation({
  ...common,
  operationId: "deleteWebhook",
  method: "delete",
  path: "/v1/webhooks/{id}",
  summary: "Delete a webhook endpoint with its delivery history",
  params: webhookParams,
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  errors: ["not_found"],
});

export const testWebhookContract = defineOperation({
  ...common,
  operationId: "testWebhook",
  method: "post",
  path: "/v1/webhooks/{id}/test",
  summary: "Queue a `webhook.test` event for this endpoint",
  params: webhookParams,
  response: deliverySchema,
  successStatus: 202,
  errors: ["not_found", "invalid_state"],
});

export const listWebhookDeliveriesContract = defineOperation({
  ...common,
  operationId: "listWebhookDeliveries",
  method: "get",
  path: "/v1/webhooks/{id}/deliveries",
  summary: "Deliveries to this endpoint with their attempts, newest first",
  description:
    "Finished deliveries (succeeded or given up) are kept for 30 days by default (`WEBHOOK_RETENTION_DAYS`); pending ones stay until they are sent or given up.",
  params: webhookParams,
  query: z.object({ ...pageQuery, status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional() }),
  response: deliverySchema,
  paginated: true,
  errors: ["not_found"],
});

export const retryWebhookDeliveryContract = defineOperation({
  ...common,
  operationId: "retryWebhookDelivery",
  method: "post",
  path: "/v1/webhooks/{id}/deliveries/{delivery_id}/retry",
  summary: "Send a failed delivery again (a fresh retry schedule, same `webhook-id`)",
  params: webhookParams.extend({ delivery_id: z.string().min(1).max(100).meta({ description: "Delivery id" }) }),
  response: deliverySchema,
  successStatus: 202,
  errors: ["not_found", "invalid_state"],
});

export const rotateWebhookSecretContract = defineOperation({
  ...common,
  operationId: "rotateWebhookSecret",
  method: "post",
  path: "/v1/webhooks/{id}/rotate-secret",
  summary: "Replace the signing secret; the new one is returned once",
  description:
    "For 24 hours after a rotation every delivery carries two signatures in `webhook-signature` (new secret first, " +
    "then the old one), so a receiver keeps verifying while it switches. Rotating again ends the old secret's grace at once.",
  params: webhookParams,
  response: withSecret,
  errors: ["not_found"],
});

const fileEventData = z
  .object({
    // The file as GET /v1/files/{id} returns it.
    file: fileSchema,
    version: z
      .object({
        id: z.string(),
        number: z.int(),
        sha256: z.string(),
        size_bytes: z.int(),
        format: z.string(),
        created_at: isoDate,
      })
      .optional(),
    actor: z.object({ type: z.enum(["api_key", "user"]), id: z.string() }).optional(),
    reason: z.string().optional(),
  })
  .meta({ id: "WebhookFileEventData" });

const testEventData = z.object({ webhook_id: z.string(), message: z.string() });

const deliveryHeaders = z.object({
  "webhook-id": z.string().meta({ description: "The event id; identical on every retry — use it to deduplicate." }),
  "webhook-timestamp": z.string().meta({ description: "Unix seconds of this attempt." }),
  "webhook-signature": z.string().meta({
    description:
      "Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded secret after `whsec_`.",
  }),
});

/** The OpenAPI 3.1 `webhooks` section: one entry per event type, generated from the catalogue. */
export const WEBHOOKS_DOCUMENT: ZodOpenApiPathsObject = Object.fromEntries(
  WEBHOOK_EVENT_CATALOG.map((entry) => [
    entry.type,
    {
      post: {
        operationId: `webhook.${entry.type}`,
        summary: entry.type,
        description: entry.description,
        tags: ["Webhooks"],
        requestParams: { header: deliveryHeaders },
        requestBody: {
          content: {
            "application/json": {
              schema: z.object({
                type: z.literal(entry.type),
                timestamp: isoDate.meta({ description: "When the event happened; identical on every retry." }),
                data: (entry.type === "webhook.test" ? testEventData : fileEventData).meta({ example: entry.sample }),
              }),
            },
          },
        },
        responses: {
          "200": {
            description: "Any 2xx acknowledges. Other statuses (3xx included) are retried; 410 disables the endpoint.",
          },
        },
      },
    },
  ]),
);
