import { route } from "@/lib/api/route";
import { Page } from "@/lib/api/envelope";
import {
  createStorageCredentialContract,
  listStorageCredentialsContract,
} from "@/lib/contracts/infra-storage-credentials";
import {
  createStorageCredential,
  listStorageCredentials,
  serializeStorageCredential,
} from "@/lib/infra/storage/storage-credentials";

export const GET = route(listStorageCredentialsContract, async ({ db, workspace, query }) => {
  const { items, nextCursor } = await listStorageCredentials(db, workspace.id, query);
  return new Page(items.map(serializeStorageCredential), nextCursor);
});

export const POST = route(createStorageCredentialContract, async ({ db, workspace, body }) => {
  const { row, secret } = await createStorageCredential(db, workspace.id, body);
  return { ...serializeStorageCredential(row), secret_access_key: secret };
});
