import type { z } from "zod";
import type { ErrorCode } from "./error-codes";
import type { Service } from "@/lib/usage/consume-request";
import type { QuotePlan, Scope } from "@/lib/plans/plans";

/**
 * One contract per operation: the pipeline validates with these schemas and
 * the OpenAPI document is generated from the very same objects.
 */
export interface Operation<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  operationId: string;
  method: "get" | "post" | "patch" | "put" | "delete";
  /** OpenAPI form, e.g. "/v1/files/{id}". */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  /** `/v1` answers `{success, data}`; the legacy `/api` quote routes answer `{ok, …}`. */
  envelope: "v1" | "legacy";
  service: Service;
  scope?: Scope;
  /** Minimum quote-service plan. */
  plan?: QuotePlan;
  params?: P;
  query?: Q;
  /** JSON body schema; "multipart" hands the raw request to the handler. */
  body?: B | "multipart";
  /** A POST that honours `Idempotency-Key` (lib/api/idempotency.ts): the pipeline runs it at most once per key. */
  idempotent?: boolean;
  /** Largest JSON body, when it must differ from JSON_BODY_LIMIT_KB (413 past it). */
  maxBodyBytes?: number;
  /** The documented fields of a multipart body (default: just a binary `file`). */
  multipart?: z.ZodObject;
  /** The item schema when `paginated`, else the whole `data`. */
  response: R;
  /** List endpoints: the handler returns a `Page` and the envelope adds `next_cursor`. */
  paginated?: boolean;
  /**
   * The success body is raw bytes, not an envelope: "ranges" also answers Range (206/416) and If-None-Match (304)
   * (lib/api/byte-range-response.ts); "whole" always sends all of it.
   */
  binary?: "ranges" | "whole";
  successStatus?: 200 | 201 | 202;
  /** Error codes this operation can answer besides the common ones (401, 429, 500). */
  errors?: ErrorCode[];
}

export function defineOperation<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  op: Operation<P, Q, B, R>,
): Operation<P, Q, B, R> {
  return op;
}
