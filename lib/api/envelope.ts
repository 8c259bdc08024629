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

/**
 * A success payload already serialised (a cached quote's stored JSON, an object): sent inside the envelope
 * as is, without parsing and serialising it again.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** The envelope around a payload's JSON text, the same bytes `successBody` would give for the parsed payload. */
export function successText(envelope: Envelope, payload: JsonText): string {
  if (envelope === "v1") return `{"success":true,"data":${payload.text}}`;
  // The legacy envelope spreads the payload's fields beside `ok`.
  return payload.text === "{}" ? '{"ok":true}' : `{"ok":true,${payload.text.slice(1)}`;
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
  return jsonTextResponse(JSON.stringify(body), status, headers);
}

export function jsonTextResponse(text: string, status: number, headers: Record<string, string>): Response {
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

/** The success response for a handler's result, parsed or already serialised. */
export function successResponse(
  envelope: Envelope,
  result: unknown,
  status: number,
  headers: Record<string, string>,
): Response {
  if (result instanceof JsonText) return jsonTextResponse(successText(envelope, result), status, headers);
  return jsonResponse(successBody(envelope, result), status, headers);
}
