import { route } from "@/lib/api/route";
import { listViewerTokensContract } from "@/lib/contracts/viewer";
import { listViewerTokens, serializeViewerToken } from "@/lib/viewer/viewer-tokens";

export const GET = route(listViewerTokensContract, async ({ db, workspace, params }) =>
  (await listViewerTokens(db, workspace.id, params.id)).map(serializeViewerToken),
);
