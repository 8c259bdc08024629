import { route } from "@/lib/api/route";
import { listViewerTokens } from "@/lib/contracts/viewer";
import { listViewerTokens as queryTokens, serializeViewerToken } from "@/lib/viewer/viewer-tokens";

export const GET = route(listViewerTokens, ({ db, workspace, params }) =>
  queryTokens(db, workspace.id, params.id).map(serializeViewerToken),
);
