import { createHmac, randomBytes } from "node:crypto";

const PREFIX = "whsec_";

/** Standard Webhooks format: `whsec_` + base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString("base64");
}

/** HMAC-SHA256 over `{id}.{timestamp}.{body}`, keyed with the base64-decoded part after `whsec_`. */
export function signPayload(secret: string, msgId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(PREFIX.length), "base64");
  return createHmac("sha256", key).update(`${msgId}.${timestampSeconds}.${body}`).digest("base64");
}

/** The `webhook-signature` header: one `v1,<sig>` per valid secret, space-separated (current first). */
export function signatureHeader(secrets: string[], msgId: string, timestampSeconds: number, body: string): string {
  return secrets.map((secret) => `v1,${signPayload(secret, msgId, timestampSeconds, body)}`).join(" ");
}
