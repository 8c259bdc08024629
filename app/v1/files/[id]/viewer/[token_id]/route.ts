import { route } from "@/lib/api/route";
import { revokeViewerToken } from "@/lib/contracts/viewer";
import { revokeViewerToken as revoke, serializeViewerToken } from "@/lib/viewer/viewer-tokens";

export const DELETE = route(revokeViewerToken, ({ db, workspace, params }) =>
  serializeViewerToken(revoke(db, workspace.id, params.id, params.token_id)),
);
