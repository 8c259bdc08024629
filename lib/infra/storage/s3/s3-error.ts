import { isDomainError, type ErrorCode } from "@/lib/errors";

/** An S3 error response: S3's code (the XML `<Code>`), its HTTP status, a sentence. */
export class S3Error extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "S3Error";
  }
}

/** Statuses from S3's error code list (https://docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html). */
const S3_STATUS: Record<string, number> = {
  AccessDenied: 403,
  AuthorizationHeaderMalformed: 400,
  AuthorizationQueryParametersError: 400,
  BadDigest: 400,
  BucketAlreadyExists: 409,
  BucketAlreadyOwnedByYou: 409,
  BucketNotEmpty: 409,
  EntityTooLarge: 400,
  EntityTooSmall: 400,
  IncompleteBody: 400,
  InvalidAccessKeyId: 403,
  InvalidArgument: 400,
  InvalidBucketName: 400,
  InvalidDigest: 400,
  InvalidPart: 400,
  InvalidPartOrder: 400,
  InvalidRange: 416,
  InvalidRequest: 400,
  KeyTooLongError: 400,
  MalformedXML: 400,
  MethodNotAllowed: 405,
  MissingContentLength: 411,
  NoSuchBucket: 404,
  NoSuchKey: 404,
  NoSuchUpload: 404,
  NotImplemented: 501,
  PreconditionFailed: 412,
  QuotaExceeded: 403,
  RequestTimeTooSkewed: 403,
  SignatureDoesNotMatch: 403,
  XAmzContentSHA256Mismatch: 400,
  InternalError: 500,
};

export const s3Error = (code: keyof typeof S3_STATUS, message: string) => new S3Error(code, S3_STATUS[code], message);

const FALLBACK: Partial<Record<ErrorCode, string>> = {
  invalid_request: "InvalidArgument",
  not_found: "NoSuchKey",
  conflict: "InvalidRequest",
  payload_too_large: "EntityTooLarge",
  quota_exceeded: "QuotaExceeded",
  forbidden: "AccessDenied",
};

/** What the storage engine threw, as S3 says it: the engine names the S3 code in `details.s3_code`. */
export function toS3Error(error: unknown): S3Error {
  if (error instanceof S3Error) return error;
  if (isDomainError(error)) {
    const named = (error.details as { s3_code?: string } | undefined)?.s3_code;
    const code = named && named in S3_STATUS ? named : (FALLBACK[error.code] ?? "InternalError");
    return new S3Error(code, S3_STATUS[code], error.message);
  }
  return s3Error("InternalError", "We encountered an internal error. Please try again.");
}
