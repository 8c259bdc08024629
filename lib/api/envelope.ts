import type { DomainError } from "@/lib/errors";
import { errorType } from "./app-error";

export type Envelope = "v1" | "legacy";

/** A page of a list: the envelope becomes `{success, data: [...], next_cursor}`. */
export class Page<T> {
  constructor(
    readonly items: T[],
    readonly nextCursor: string | null,
  ) {}
}

export function successBody(envelope: Envelope, data: unknown): unknown {
  if (data instanceof Page) return { success: true, data: data.items, next_cursor: data.nextCursor };
  if (envelope === "v1") return { success: true, data };
  return { ok: true, ...(data as Record<string, unknown>) };
}

export function errorBody(envelope: Envelope, error: DomainError, requestId: string): unknown {
  const payload: Record<string, unknown> = { type: errorType(error), code: error.code, message: error.message };
  if (error.param !== undefined) payload.param = error.param;
  if (error.details !== undefined) payload.details = error.details;
  return envelope === "v1"
    ? { success: false, error: payload, request_id: requestId }
    : { ok: false, error: payload, request_id: requestId };
}

/**
 * Below this size a JSON body is sent as is: gzip saves a few kilobytes but
 * sets up a compressor for every response, a measurable share of a cached
 * quote's time. `no-transform` is what tells Next.js's compression to skip it.
 */
const UNCOMPRESSED_MAX_BYTES = 16 * 1024;

export function jsonResponse(body: unknown, status: number, headers: Record<string, string>): Response {
  const text = JSON.stringify(body);
  const small = Buffer.byteLength(text) < UNCOMPRESSED_MAX_BYTES;
  return new Response(text, {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": small ? "no-store, no-transform" : "no-store",
      ...headers,
    },
  });
}
