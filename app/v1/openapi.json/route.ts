import { createHash } from "node:crypto";
import { OPERATIONS } from "@/lib/contracts";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";

let document: { body: string; etag: string } | undefined;

/**
 * Public on purpose: the reference page at /docs and code generators read it without a key. Built once per
 * process; clients revalidate (ETag) rather than keep a copy for a year, so a new release is seen at once.
 */
export function GET(request: Request): Response {
  if (!document) {
    const body = JSON.stringify(buildOpenApiDocument(OPERATIONS));
    document = { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
  }
  const headers = { ETag: document.etag, "Cache-Control": "public, no-cache" };
  if (request.headers.get("if-none-match") === document.etag) return new Response(null, { status: 304, headers });
  return new Response(document.body, { headers: { ...headers, "Content-Type": "application/json" } });
}
