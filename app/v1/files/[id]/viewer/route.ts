import { route } from "@/lib/api/route";
import { createViewerLinkContract } from "@/lib/contracts/viewer";
import { createViewerToken } from "@/lib/viewer/viewer-tokens";
import { embedLinkFor } from "@/lib/viewer/embed-link";
import { publicOrigin } from "@/lib/api/public-origin";
import { getDisplayAsset } from "@/lib/viewer/get-display-asset";
import { getBlobStore } from "@/lib/files/blob-store";

export const GET = route(createViewerLinkContract, async ({ db, request, workspace, key, params, query }) => {
  const { token, version, secret } = await createViewerToken(db, {
    workspaceId: workspace.id,
    fileId: params.id,
    version: query.version,
    expiresInSeconds: query.expires_in,
    allowDownload: query.allow_download,
    createdBy: key.id,
  });
  // Convert now, so the first visitor does not wait for it; a failure shows up (and is retried) on that visit.
  getDisplayAsset(getBlobStore(), version).catch(() => undefined);
  return {
    ...embedLinkFor(publicOrigin(request.headers), secret),
    token: secret,
    token_id: token.id,
    expires_at: token.expiresAt?.toISOString() ?? null,
  };
});
