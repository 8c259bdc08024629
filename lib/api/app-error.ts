import { ERROR_CODES, type ErrorCode } from "./error-codes";

/**
 * Next.js bundles instrumentation.ts and the routes separately, each with its own copy of this module, and
 * process-wide singletons (the analysis pool) are made by the first: `instanceof` would miss their errors.
 */
const BRAND = Symbol.for("bengkel.app-error");

/** The one error class. Framework-free: lib/geometry, lib/laser and the rest throw it too. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly param?: string;
  readonly details?: unknown;
  readonly headers?: Record<string, string>;
  readonly [BRAND] = true;

  constructor(
    code: ErrorCode,
    message: string,
    options: { param?: string; details?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.param = options.param;
    this.details = options.details;
    this.headers = options.headers;
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }

  get type(): string {
    return ERROR_CODES[this.code].type;
  }
}

export function isAppError(error: unknown): error is AppError {
  return typeof error === "object" && error !== null && (error as { [BRAND]?: boolean })[BRAND] === true;
}
