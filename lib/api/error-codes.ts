import type { ErrorCode } from "@/lib/errors";

export type { ErrorCode };

/**
 * The one table from error code to HTTP status and envelope type. Domain code throws
 * `DomainError(code, …)` (lib/errors.ts, where the codes are listed); the request pipeline
 * turns it into an envelope with the status and type listed here. A code missing here is a type error.
 */
export const ERROR_CODES = {
  invalid_request: { status: 400, type: "invalid_request_error" },
  invalid_json: { status: 400, type: "invalid_request_error" },
  unauthorized: { status: 401, type: "authentication_error" },
  plan_required: { status: 403, type: "permission_error" },
  insufficient_scope: { status: 403, type: "permission_error" },
  forbidden: { status: 403, type: "permission_error" },
  not_found: { status: 404, type: "invalid_request_error" },
  method_not_allowed: { status: 405, type: "invalid_request_error" },
  conflict: { status: 409, type: "invalid_request_error" },
  invalid_state: { status: 409, type: "invalid_request_error" },
  payload_too_large: { status: 413, type: "invalid_request_error" },
  unsupported_format: { status: 415, type: "invalid_request_error" },
  range_not_satisfiable: { status: 416, type: "invalid_request_error" },
  unreadable_file: { status: 422, type: "invalid_request_error" },
  empty_geometry: { status: 422, type: "invalid_request_error" },
  wrong_process: { status: 422, type: "invalid_request_error" },
  drawing_too_complex: { status: 422, type: "invalid_request_error" },
  archive_too_large: { status: 422, type: "invalid_request_error" },
  analysis_timeout: { status: 422, type: "invalid_request_error" },
  analysis_too_large: { status: 422, type: "invalid_request_error" },
  rate_limit_exceeded: { status: 429, type: "rate_limit_error" },
  quota_exceeded: { status: 429, type: "rate_limit_error" },
  internal_error: { status: 500, type: "api_error" },
  busy: { status: 503, type: "api_error" },
} as const satisfies Record<ErrorCode, { status: number; type: string }>;
