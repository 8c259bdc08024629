import { route } from "@/lib/api/route";
import { revokeApiKeyContract } from "@/lib/contracts/api-keys";
import { revokeApiKey, serializeApiKey } from "@/lib/auth/api-keys";

export const DELETE = route(revokeApiKeyContract, async ({ db, workspace, params }) =>
  serializeApiKey(await revokeApiKey(db, workspace.id, params.id)),
);
