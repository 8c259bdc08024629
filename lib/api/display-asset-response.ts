import type { FileVersionRow } from "@/lib/files/get-file";
import { getBlobStore } from "@/lib/files/blob-store";
import { getDisplayAsset } from "@/lib/viewer/get-display-asset";

/**
 * The display mesh/drawing of a version as an HTTP response. The caller has
 * already decided the requester may see this version (embed token or session).
 * `X-Display-Size` carries the uncompressed size, so the loader can show
 * progress even when the response is gzipped and has no Content-Length.
 */
export async function displayAssetResponse(version: FileVersionRow): Promise<Response> {
  const asset = await getDisplayAsset(getBlobStore(), version);
  return new Response(asset.stream(), {
    headers: {
      "Content-Type": asset.contentType,
      "Content-Length": String(asset.sizeBytes),
      "X-Display-Size": String(asset.sizeBytes),
      "Cache-Control": "private, max-age=3600",
      ETag: `"${version.id}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
