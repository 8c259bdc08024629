import { z } from "zod";

export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(500).optional(),
});

export const idempotencyNote =
  "Send an `Idempotency-Key` header to make a retry safe: for 24 h the same key with the same body replays the first response; with a different body it is 409 `conflict`.";

export const deleted = z.object({ id: z.string(), deleted: z.literal(true) });

/** RFC 1123 host label: letters, digits, hyphens, 1–63 chars, no leading/trailing hyphen. */
export const hostLabel = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/,
    "must be an RFC 1123 hostname label (a–z, 0–9, hyphen; 1–63 chars; no leading/trailing hyphen)",
  );

export const infraOp = (tag: string) => ({ tags: [tag], envelope: "v1" as const, service: "infra" as const });
