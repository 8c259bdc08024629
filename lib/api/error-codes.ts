/**
 * The one table of machine-readable error codes. Domain code throws
 * `AppError(code, …)`; the request pipeline turns it into an envelope with the
 * status and type listed here. Add a code here before using it anywhere.
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
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
