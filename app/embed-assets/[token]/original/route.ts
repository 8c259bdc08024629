import { getDb } from "@/lib/db/client";
import { getBlobStore } from "@/lib/files/blob-store";
import { resolveViewerToken } from "@/lib/viewer/resolve-viewer-token";
import { embedLang, invalidLinkResponse } from "@/lib/api/invalid-link-page";

/** The original file, only for links created with allow_download. */
export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const resolved = await resolveViewerToken(getDb(), (await params).token);
  if (resolved.state !== "active") return invalidLinkResponse(resolved.state, embedLang(request));
  if (!resolved.token.allowDownload) return new Response("Downloads are not enabled for this link.", { status: 403 });
  const { version } = resolved;
  return new Response(getBlobStore().stream(version.sha256), {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Length": String(version.sizeBytes),
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(version.originalName)}`,
      "Cache-Control": "private, no-store",
    },
  });
}
