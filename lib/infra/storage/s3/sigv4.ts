import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** SigV4 as S3 checks it (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html). */
export const ALGORITHM = "AWS4-HMAC-SHA256";
export const EMPTY_SHA256 = createHash("sha256").update("").digest("hex");

export const sha256Hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();

/** RFC 3986 percent-encoding of everything but the unreserved characters (and `/` when asked). */
export function uriEncode(text: string, keepSlash: boolean): string {
  const encoded = encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return keepSlash ? encoded.replace(/%2F/g, "/") : encoded;
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** S3 signs the path encoded once, as the client encoded it, without normalising `.` or `//`. */
export const canonicalUri = (rawPath: string) =>
  rawPath
    .split("/")
    .map((segment) => uriEncode(safeDecode(segment), false))
    .join("/");

/** Sorted `name=value` pairs, each encoded; `skip` leaves out the presigned signature itself. */
export function canonicalQuery(rawQuery: string, skip?: string): string {
  return rawQuery
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf("=");
      const name = safeDecode(at < 0 ? pair : pair.slice(0, at));
      const value = at < 0 ? "" : safeDecode(pair.slice(at + 1));
      return [uriEncode(name, false), uriEncode(value, false)] as const;
    })
    .filter(([name]) => name !== skip)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

export function canonicalHeaders(headers: Record<string, string | string[] | undefined>, signed: string[]): string {
  return signed
    .map((name) => {
      const raw = headers[name];
      const value = (Array.isArray(raw) ? raw.join(",") : (raw ?? "")).trim().replace(/\s+/g, " ");
      return `${name}:${value}\n`;
    })
    .join("");
}

export interface SignedRequest {
  method: string;
  rawPath: string;
  rawQuery: string;
  headers: Record<string, string | string[] | undefined>;
  signedHeaders: string[];
  payloadHash: string;
  /** Query parameter left out of the canonical query (X-Amz-Signature when presigned). */
  skipQuery?: string;
}

export function canonicalRequest(req: SignedRequest): string {
  return [
    req.method,
    canonicalUri(req.rawPath),
    canonicalQuery(req.rawQuery, req.skipQuery),
    canonicalHeaders(req.headers, req.signedHeaders),
    req.signedHeaders.join(";"),
    req.payloadHash,
  ].join("\n");
}

export interface Scope {
  date: string;
  region: string;
  service: string;
}

export const scopeString = (s: Scope) => `${s.date}/${s.region}/${s.service}/aws4_request`;

export const signingKey = (secret: string, s: Scope) =>
  hmac(hmac(hmac(hmac(`AWS4${secret}`, s.date), s.region), s.service), "aws4_request");

export const stringToSign = (amzDate: string, scope: Scope, canonical: string) =>
  [ALGORITHM, amzDate, scopeString(scope), sha256Hex(canonical)].join("\n");

export const sign = (key: Buffer, text: string) => createHmac("sha256", key).update(text).digest("hex");

/** Constant-time: a mismatch takes as long wherever the first differing character is. */
export function signaturesEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `20260115T103000Z` → a Date, or null when malformed. */
export function parseAmzDate(text: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!m) return null;
  const date = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]));
  return Number.isNaN(date.getTime()) ? null : date;
}
