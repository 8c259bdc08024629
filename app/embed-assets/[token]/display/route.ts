import { getDb } from "@/lib/db/client";
import { resolveViewerToken } from "@/lib/viewer/resolve-viewer-token";
import { displayAssetResponse } from "@/lib/api/display-asset-response";
import { embedLang, invalidLinkResponse } from "@/lib/api/invalid-link-page";

export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const resolved = await resolveViewerToken(getDb(), (await params).token);
  if (resolved.state !== "active") return invalidLinkResponse(resolved.state, embedLang(request));
  return displayAssetResponse(resolved.version);
}
