import type { Db } from "@/lib/db/client";
import { findActiveCredential, type ActiveCredential } from "../storage-credentials";
import { s3Error } from "./s3-error";
import {
  ALGORITHM,
  canonicalRequest,
  parseAmzDate,
  sign,
  signaturesEqual,
  signingKey,
  stringToSign,
  type Scope,
} from "./sigv4";

/** S3's window between the request's time and the server's. */
export const MAX_SKEW_MS = 15 * 60 * 1000;
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

export type Payload =
  | { kind: "sha256"; hash: string }
  | { kind: "unsigned" }
  | { kind: "chunked"; signed: boolean; trailer: boolean; seed: string; key: Buffer; scope: Scope; amzDate: string };

export interface S3Caller {
  credential: ActiveCredential;
  payload: Payload;
}

export interface IncomingSigned {
  method: string;
  rawPath: string;
  rawQuery: string;
  headers: Record<string, string | string[] | undefined>;
}

interface Parsed {
  accessKeyId: string;
  scope: Scope;
  signedHeaders: string[];
  signature: string;
  amzDate: string;
  payloadHash: string;
  presigned: boolean;
  expiresSeconds?: number;
}

const header = (req: IncomingSigned, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

function parseCredential(text: string, malformed: string) {
  const parts = text.split("/");
  if (parts.length !== 5 || parts[4] !== "aws4_request" || !parts[0])
    throw s3Error(
      malformed === "header" ? "AuthorizationHeaderMalformed" : "AuthorizationQueryParametersError",
      "The credential is not <key>/<date>/<region>/<service>/aws4_request.",
    );
  return { accessKeyId: parts[0], scope: { date: parts[1], region: parts[2], service: parts[3] } };
}

function parseHeaderAuth(req: IncomingSigned, authorization: string): Parsed {
  if (!authorization.startsWith(`${ALGORITHM} `))
    throw s3Error("InvalidRequest", "Only AWS Signature Version 4 (AWS4-HMAC-SHA256) is supported.");
  const fields = Object.fromEntries(
    authorization
      .slice(ALGORITHM.length + 1)
      .split(",")
      .map((part) => part.trim().split("=") as [string, string]),
  );
  if (!fields.Credential || !fields.SignedHeaders || !fields.Signature)
    throw s3Error(
      "AuthorizationHeaderMalformed",
      "The Authorization header lacks Credential, SignedHeaders or Signature.",
    );
  const payloadHash = header(req, "x-amz-content-sha256");
  if (!payloadHash) throw s3Error("InvalidRequest", "Missing required header for this request: x-amz-content-sha256.");
  return {
    ...parseCredential(fields.Credential, "header"),
    signedHeaders: fields.SignedHeaders.split(";"),
    signature: fields.Signature,
    amzDate: header(req, "x-amz-date") ?? "",
    payloadHash,
    presigned: false,
  };
}

function parsePresigned(query: URLSearchParams): Parsed {
  const need = (name: string) => {
    const value = query.get(name);
    if (!value) throw s3Error("AuthorizationQueryParametersError", `The presigned URL lacks ${name}.`);
    return value;
  };
  if (need("X-Amz-Algorithm") !== ALGORITHM)
    throw s3Error("AuthorizationQueryParametersError", "X-Amz-Algorithm must be AWS4-HMAC-SHA256.");
  const expires = Number(need("X-Amz-Expires"));
  if (!Number.isInteger(expires) || expires < 1 || expires > MAX_PRESIGN_SECONDS)
    throw s3Error("AuthorizationQueryParametersError", "X-Amz-Expires must be 1–604800 seconds.");
  return {
    ...parseCredential(need("X-Amz-Credential"), "query"),
    signedHeaders: need("X-Amz-SignedHeaders").split(";"),
    signature: need("X-Amz-Signature"),
    amzDate: need("X-Amz-Date"),
    payloadHash: "UNSIGNED-PAYLOAD",
    presigned: true,
    expiresSeconds: expires,
  };
}

/**
 * Recomputes the request's SigV4 signature with the caller's secret and compares it in constant time. Header
 * auth (with any x-amz-content-sha256 mode S3 takes) and presigned URLs; anonymous requests are refused.
 */
export async function authenticateS3(db: Db, req: IncomingSigned, region: string, now = new Date()): Promise<S3Caller> {
  const authorization = header(req, "authorization");
  const query = new URLSearchParams(req.rawQuery);
  const parsed = authorization
    ? parseHeaderAuth(req, authorization)
    : query.has("X-Amz-Signature")
      ? parsePresigned(query)
      : null;
  if (!parsed) throw s3Error("AccessDenied", "Anonymous requests are not allowed; sign with SigV4.");
  const malformed = parsed.presigned ? "AuthorizationQueryParametersError" : "AuthorizationHeaderMalformed";
  if (parsed.scope.region !== region)
    throw s3Error(malformed, `The authorization's region '${parsed.scope.region}' is wrong; expecting '${region}'.`);
  if (parsed.scope.service !== "s3")
    throw s3Error(malformed, `The authorization's service '${parsed.scope.service}' is wrong; expecting 's3'.`);
  if (!parsed.signedHeaders.includes("host")) throw s3Error(malformed, "The host header must be signed.");
  const date = parseAmzDate(parsed.amzDate);
  if (!date || parsed.amzDate.slice(0, 8) !== parsed.scope.date)
    throw s3Error(malformed, "X-Amz-Date is missing, malformed or not the credential's date.");
  if (parsed.presigned) {
    if (date.getTime() - now.getTime() > MAX_SKEW_MS)
      throw s3Error("RequestTimeTooSkewed", "The presigned URL's time is in the future.");
    if (now.getTime() > date.getTime() + parsed.expiresSeconds! * 1000)
      throw s3Error("AccessDenied", "Request has expired");
  } else if (Math.abs(date.getTime() - now.getTime()) > MAX_SKEW_MS) {
    throw s3Error(
      "RequestTimeTooSkewed",
      "The difference between the request time and the server's time is too large.",
    );
  }
  const credential = await findActiveCredential(db, parsed.accessKeyId);
  if (!credential)
    throw s3Error("InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records.");
  const key = signingKey(credential.secret, parsed.scope);
  const canonical = canonicalRequest({
    method: req.method,
    rawPath: req.rawPath,
    rawQuery: req.rawQuery,
    headers: req.headers,
    signedHeaders: parsed.signedHeaders,
    payloadHash: parsed.payloadHash,
    skipQuery: parsed.presigned ? "X-Amz-Signature" : undefined,
  });
  const expected = sign(key, stringToSign(parsed.amzDate, parsed.scope, canonical));
  if (!signaturesEqual(expected, parsed.signature))
    throw s3Error(
      "SignatureDoesNotMatch",
      "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
    );
  return { credential, payload: payloadOf(parsed, key) };
}

function payloadOf(parsed: Parsed, key: Buffer): Payload {
  const hash = parsed.payloadHash;
  if (hash === "UNSIGNED-PAYLOAD") return { kind: "unsigned" };
  const chunked = /^STREAMING-(AWS4-HMAC-SHA256|UNSIGNED)-PAYLOAD(-TRAILER)?$/.exec(hash);
  if (chunked) {
    const signed = chunked[1] !== "UNSIGNED";
    if (!signed && !chunked[2])
      throw s3Error("InvalidArgument", `x-amz-content-sha256 ${hash} is not a mode S3 takes.`);
    return {
      kind: "chunked",
      signed,
      trailer: chunked[2] !== undefined,
      seed: parsed.signature,
      key,
      scope: parsed.scope,
      amzDate: parsed.amzDate,
    };
  }
  if (!/^[0-9a-f]{64}$/.test(hash))
    throw s3Error("InvalidArgument", "x-amz-content-sha256 must be a SHA-256 in hex or a streaming mode.");
  return { kind: "sha256", hash };
}
