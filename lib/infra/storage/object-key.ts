import { DomainError } from "@/lib/errors";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * S3 keys are 1–1024 bytes of UTF-8. Bytes never become a path here (objects are stored by blob id), but a key
 * with a `.`/`..` segment or a control character is refused anyway: tools that sync buckets to disk (aws s3 sync,
 * rclone) would write such a key outside their target folder.
 */
export function assertObjectKey(key: string): void {
  const problem =
    key.length === 0 || Buffer.byteLength(key) > 1024
      ? "Object keys are 1–1024 bytes."
      : key.split("/").some((s) => s === "." || s === "..")
        ? "Object keys may not have `.` or `..` segments."
        : /[\x00-\x1f\x7f]/.test(key)
          ? "Object keys may not hold control characters (NUL included)."
          : LONE_SURROGATE.test(key)
            ? "Object keys must be valid UTF-8."
            : null;
  if (problem)
    throw new DomainError("invalid_request", problem, {
      param: "key",
      details: { s3_code: Buffer.byteLength(key) > 1024 ? "KeyTooLongError" : "InvalidArgument" },
    });
}
