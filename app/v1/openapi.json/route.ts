import { OPERATIONS } from "@/lib/contracts";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";

/** Public on purpose: the reference page at /docs and code generators read it without a key. */
export const dynamic = "force-static";

export function GET(): Response {
  return Response.json(buildOpenApiDocument(OPERATIONS));
}
