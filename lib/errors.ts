/**
 * The one error domain code throws: a machine-readable code, a sentence for people, and optionally the
 * input field at fault (`param`) and structured `details`. It knows nothing of HTTP: the request pipeline
 * (lib/api) maps each code to its status and envelope type (lib/api/error-codes.ts), the dashboard shows
 * the message, the CLI prints it.
 */
export const ERROR_CODE_LIST = [
  "invalid_request",
  "invalid_json",
  "unauthorized",
  "plan_required",
  "insufficient_scope",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "conflict",
  "invalid_state",
  "payload_too_large",
  "unsupported_format",
  "range_not_satisfiable",
  "unreadable_file",
  "empty_geometry",
  "wrong_process",
  "drawing_too_complex",
  "archive_too_large",
  "analysis_timeout",
  "analysis_too_large",
  "rate_limit_exceeded",
  "quota_exceeded",
  "internal_error",
  "busy",
] as const;

export type ErrorCode = (typeof ERROR_CODE_LIST)[number];

export interface DomainErrorOptions {
  param?: string;
  details?: unknown;
}

/**
 * Next.js bundles instrumentation.ts and the routes separately, each with its own copy of this module, and
 * process-wide singletons (the analysis pool) are made by the first: `instanceof` would miss their errors.
 */
const BRAND = Symbol.for("bengkel.domain-error");

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly param?: string;
  readonly details?: unknown;
  readonly [BRAND] = true;

  constructor(code: ErrorCode, message: string, options: DomainErrorOptions = {}) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.param = options.param;
    this.details = options.details;
  }
}

/** True for a DomainError (and so an AppError) from any bundle's copy of this module. */
export function isDomainError(error: unknown): error is DomainError {
  return typeof error === "object" && error !== null && (error as { [BRAND]?: boolean })[BRAND] === true;
}
