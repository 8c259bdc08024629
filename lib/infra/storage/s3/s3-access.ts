import { s3Error } from "./s3-error";
import type { S3Context } from "./s3-request";

/**
 * A key pair's limits: its buckets (when it names some) and read-only. Another workspace's bucket is not checked
 * here: every engine call filters by the pair's workspace, so such a bucket is simply NoSuchBucket.
 */
export function assertCanRead(ctx: S3Context, bucket: string): void {
  const allowed = ctx.caller.credential.buckets;
  if (allowed && !allowed.includes(bucket))
    throw s3Error("AccessDenied", `This key pair may not use bucket ${bucket}.`);
}

export function assertCanWrite(ctx: S3Context, bucket: string | null): void {
  const { buckets, readOnly } = ctx.caller.credential;
  if (readOnly) throw s3Error("AccessDenied", "This key pair is read-only.");
  if (bucket === null ? buckets !== null : buckets && !buckets.includes(bucket))
    throw s3Error(
      "AccessDenied",
      bucket ? `This key pair may not use bucket ${bucket}.` : "This key pair is limited to some buckets.",
    );
}
