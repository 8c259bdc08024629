import { route } from "@/lib/api/route";
import { createViewerLink } from "@/lib/contracts/viewer";
import { createViewerToken } from "@/lib/viewer/viewer-tokens";
import { embedLinkFor } from "@/lib/viewer/embed-link";

export const GET = route(createViewerLink, ({ db, request, workspace, key, params, query }) => {
  const { token, secret } = createViewerToken(db, {
    workspaceId: workspace.id,
    fileId: params.id,
    version: query.version,
    expiresInSeconds: query.expires_in,
    allowDownload: query.allow_download,
    createdBy: key.id,
  });
  return { ...embedLinkFor(request, secret), token: secret, token_id: token.id, expires_at: token.expiresAt?.toISOString() ?? null };
});
