import { getDb } from "@/lib/db/client";
import { resolveViewerToken } from "@/lib/viewer/resolve-viewer-token";
import { EMBED_HEADERS, embedLang, invalidLinkResponse } from "@/lib/api/invalid-link-page";

/**
 * The public embed URL. A page cannot answer 410, so the token is checked
 * here: invalid links get their 404/410 page, valid ones go on to the viewer.
 */
export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  const resolved = await resolveViewerToken(getDb(), token);
  if (resolved.state !== "active") return invalidLinkResponse(resolved.state, embedLang(request));
  const url = new URL(request.url);
  return new Response(null, {
    status: 307,
    headers: {
      ...EMBED_HEADERS,
      Location: `/embed/${encodeURIComponent(token)}/view${url.search}`,
      "Cache-Control": "no-store",
    },
  });
}
