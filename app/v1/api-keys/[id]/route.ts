import { route } from "@/lib/api/route";
import { revokeApiKey } from "@/lib/contracts/api-keys";
import { revokeApiKey as revokeKey, serializeApiKey } from "@/lib/auth/api-keys";

export const DELETE = route(revokeApiKey, ({ db, workspace, params }) =>
  serializeApiKey(revokeKey(db, workspace.id, params.id)),
);
