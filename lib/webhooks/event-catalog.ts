/**
 * Every event a webhook endpoint can subscribe to, with a description and a
 * sample `data` payload. The API (`GET /v1/webhooks/events`), the OpenAPI
 * `webhooks` section and validation all read this one list.
 */
export const WEBHOOK_EVENT_TYPES = [
  "file.uploaded",
  "file.submitted",
  "file.approved",
  "file.rejected",
  "file.version_created",
  "webhook.test",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** `webhook.test` is sent on request to one endpoint; it cannot be subscribed to. */
export type SubscribableEventType = Exclude<WebhookEventType, "webhook.test">;
export const SUBSCRIBABLE_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter(
  (type): type is SubscribableEventType => type !== "webhook.test",
);

export interface WebhookEventInfo {
  type: WebhookEventType;
  description: string;
  sample: Record<string, unknown>;
}

const sampleFile = (overrides: Record<string, unknown> = {}) => ({
  id: "file_8k2m4p6r8t0v2x4z6b8d0f2h",
  name: "bracket.step",
  format: "step",
  kind: "mesh",
  status: "draft",
  tags: ["prototype"],
  current_version_id: "ver_1c3e5g7i9k1m3o5q7s9u1w3y",
  version_count: 1,
  size_bytes: 482_113,
  created_at: "2026-11-22T03:14:00.000Z",
  updated_at: "2026-11-22T03:14:00.000Z",
  ...overrides,
});

const sampleVersion = (overrides: Record<string, unknown> = {}) => ({
  id: "ver_1c3e5g7i9k1m3o5q7s9u1w3y",
  number: 1,
  sha256: "9f2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c0b2d4f6e8a1c3e5b7d9f0a2c4e6b8d1f",
  size_bytes: 482_113,
  format: "step",
  created_at: "2026-11-22T03:14:00.000Z",
  ...overrides,
});

const apiKeyActor = { type: "api_key", id: "key_3j5l7n9q1s3u5w7y9a1c3e5g" };
const userActor = { type: "user", id: "usr_5a7c9e1g3i5k7m9o1q3s5u7w" };

export const WEBHOOK_EVENT_CATALOG: readonly WebhookEventInfo[] = [
  {
    type: "file.uploaded",
    description: "A new file was uploaded (its first version).",
    sample: { file: sampleFile(), version: sampleVersion(), actor: apiKeyActor },
  },
  {
    type: "file.submitted",
    description: "A file was submitted for approval (status `pending_approval`).",
    sample: { file: sampleFile({ status: "pending_approval" }), actor: userActor },
  },
  {
    type: "file.approved",
    description: "A file pending approval was approved.",
    sample: { file: sampleFile({ status: "approved" }), actor: userActor },
  },
  {
    type: "file.rejected",
    description: "A file pending approval was rejected; `reason` says why.",
    sample: { file: sampleFile({ status: "rejected" }), actor: userActor, reason: "Wall thickness below 0.8 mm." },
  },
  {
    type: "file.version_created",
    description: "A new version was uploaded to an existing file.",
    sample: {
      file: sampleFile({ current_version_id: "ver_2d4f6h8j0l2n4p6r8t0v2x4z", version_count: 2 }),
      version: sampleVersion({ id: "ver_2d4f6h8j0l2n4p6r8t0v2x4z", number: 2 }),
      actor: apiKeyActor,
    },
  },
  {
    type: "webhook.test",
    description: "Sent by `POST /v1/webhooks/{id}/test` to check an endpoint; never sent otherwise.",
    sample: { webhook_id: "wh_0a2c4e6g8i0k2m4o6q8s0u2w", message: "This is a test event from Bengkel." },
  },
];

export function describeWebhookEvents() {
  return WEBHOOK_EVENT_CATALOG.map((entry) => ({ ...entry, subscribable: entry.type !== "webhook.test" }));
}
