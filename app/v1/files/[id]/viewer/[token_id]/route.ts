import { route } from "@/lib/api/route";
import { revokeViewerTokenContract } from "@/lib/contracts/viewer";
import { revokeViewerToken, serializeViewerToken } from "@/lib/viewer/viewer-tokens";

export const DELETE = route(revokeViewerTokenContract, async ({ db, workspace, params }) =>
  serializeViewerToken(await revokeViewerToken(db, workspace.id, params.id, params.token_id)),
);
