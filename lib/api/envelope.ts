import { AppError } from "./app-error";

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

export function errorBody(envelope: Envelope, error: AppError, requestId: string): unknown {
  const payload: Record<string, unknown> = { type: error.type, code: error.code, message: error.message };
  if (error.param !== undefined) payload.param = error.param;
  if (error.details !== undefined) payload.details = error.details;
  return envelope === "v1"
    ? { success: false, error: payload, request_id: requestId }
    : { ok: false, error: payload, request_id: requestId };
}

export function jsonResponse(body: unknown, status: number, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}
