import { ERROR_CODES, type ErrorCode } from "./error-codes";

/** The one error class. Framework-free: lib/geometry, lib/laser and the rest throw it too. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly param?: string;
  readonly details?: unknown;
  readonly headers?: Record<string, string>;

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
  return error instanceof AppError;
}
