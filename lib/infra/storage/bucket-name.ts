import net from "node:net";
import { DomainError } from "@/lib/errors";

const RESERVED_PREFIXES = ["xn--", "sthree-", "amzn-s3-demo-"];
const RESERVED_SUFFIXES = ["-s3alias", "--ol-s3", ".mrap", "--x-s3", "--table-s3"];

/** Amazon S3's general-purpose bucket naming rules; the first broken one is reported. */
export function bucketNameProblem(name: string): string | null {
  if (name.length < 3 || name.length > 63) return "must be 3–63 characters long";
  if (!/^[a-z0-9.-]+$/.test(name)) return "may contain only lowercase letters, digits, hyphens and dots";
  if (!/^[a-z0-9]/.test(name) || !/[a-z0-9]$/.test(name)) return "must begin and end with a letter or digit";
  if (name.includes("..")) return "must not contain two adjacent dots";
  if (net.isIPv4(name) || /^\d+\.\d+\.\d+\.\d+$/.test(name)) return "must not be formatted as an IP address";
  const prefix = RESERVED_PREFIXES.find((p) => name.startsWith(p));
  if (prefix) return `must not start with the reserved prefix \`${prefix}\``;
  const suffix = RESERVED_SUFFIXES.find((s) => name.endsWith(s));
  if (suffix) return `must not end with the reserved suffix \`${suffix}\``;
  return null;
}

export function assertBucketName(name: string): void {
  const problem = bucketNameProblem(name);
  if (problem)
    throw new DomainError("invalid_request", `Bucket name \`${name}\` ${problem}.`, {
      param: "name",
      details: { s3_code: "InvalidBucketName" },
    });
}
