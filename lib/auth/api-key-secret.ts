import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** Recognisable in logs and by secret scanners; 32 random bytes = 256 bits. */
export const API_KEY_PREFIX = "bk_live_";
const API_KEY_PATTERN = /^bk_live_[A-Za-z0-9_-]{43}$/;

export function generateApiKeySecret(): string {
  return API_KEY_PREFIX + randomBytes(32).toString("base64url");
}

export function hashApiKey(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function looksLikeApiKey(secret: string): boolean {
  return API_KEY_PATTERN.test(secret);
}

/** Short fragment that identifies a key in lists without revealing it. */
export function displayHintFor(secret: string): string {
  return `${API_KEY_PREFIX}…${secret.slice(-4)}`;
}

export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
