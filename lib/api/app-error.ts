import { DomainError, isDomainError, type DomainErrorOptions, type ErrorCode } from "@/lib/errors";
import { ERROR_CODES } from "./error-codes";

/**
 * A DomainError (lib/errors.ts) that carries HTTP response headers of its own: the Bearer challenge on a
 * refused key, the rate-limit headers on a 429. Only the edge (lib/api, app/) makes one; domain code throws
 * plain DomainErrors, and the pipeline gives every one its status from ERROR_CODES.
 */
export class AppError extends DomainError {
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: DomainErrorOptions & { headers?: Record<string, string> } = {},
  ) {
    super(code, message, options);
    this.name = "AppError";
    this.headers = options.headers;
  }

  /** `error` again, answered with `headers` as well. */
  static withHeaders(error: DomainError, headers: Record<string, string>): AppError {
    const appError = new AppError(error.code, error.message, { param: error.param, details: error.details, headers });
    appError.stack = error.stack;
    return appError;
  }
}

/** The edge's name for isDomainError: every DomainError, from any bundle, is answered with its own envelope. */
export const isAppError: (error: unknown) => error is DomainError = isDomainError;

export function httpStatus(error: DomainError): number {
  return ERROR_CODES[error.code].status;
}

export function errorType(error: DomainError): string {
  return ERROR_CODES[error.code].type;
}

/**
 * The response headers an error brings: an AppError's own, and `Retry-After` for one whose details say when
 * to retry (`retry_after_seconds`, e.g. the analysis pool's `busy`).
 */
export function errorHeaders(error: DomainError): Record<string, string> {
  const headers = { ...(error as Partial<AppError>).headers };
  const retryAfter = (error.details as { retry_after_seconds?: unknown } | undefined)?.retry_after_seconds;
  if (typeof retryAfter === "number" && headers["Retry-After"] === undefined)
    headers["Retry-After"] = String(retryAfter);
  return headers;
}
