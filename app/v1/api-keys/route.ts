import { route } from "@/lib/api/route";
import { createApiKey, listApiKeys } from "@/lib/contracts/api-keys";
import { listApiKeys as listKeys, serializeApiKey } from "@/lib/auth/api-keys";
import { issueApiKey } from "@/lib/auth/issue-api-key";

export const GET = route(listApiKeys, ({ db, workspace }) => listKeys(db, workspace.id).map(serializeApiKey));

export const POST = route(createApiKey, ({ db, workspace, key, body }) => {
  const issued = issueApiKey(db, {
    workspace,
    name: body.name,
    scopes: body.scopes,
    expiresInDays: body.expires_in_days,
    issuerScopes: key.scopes,
  });
  return { ...serializeApiKey(issued.key), secret: issued.secret };
});
