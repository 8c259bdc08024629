import { route } from "@/lib/api/route";
import { createApiKeyContract, listApiKeysContract } from "@/lib/contracts/api-keys";
import { listApiKeys, serializeApiKey } from "@/lib/auth/api-keys";
import { issueApiKey } from "@/lib/auth/issue-api-key";

export const GET = route(listApiKeysContract, async ({ db, workspace }) =>
  (await listApiKeys(db, workspace.id)).map(serializeApiKey),
);

export const POST = route(createApiKeyContract, async ({ db, workspace, key, body }) => {
  const issued = await issueApiKey(db, {
    workspace,
    name: body.name,
    scopes: body.scopes,
    expiresInDays: body.expires_in_days,
    issuerScopes: key.scopes,
  });
  return { ...serializeApiKey(issued.key), secret: issued.secret };
});
