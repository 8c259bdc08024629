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

export const GET = route(listStorageCredentialsContract, ({ db, workspace, query }) => {
  const { items, nextCursor } = listStorageCredentials(db, workspace.id, query);
  return new Page(items.map(serializeStorageCredential), nextCursor);
});

export const POST = route(createStorageCredentialContract, ({ db, workspace, body }) => {
  const { row, secret } = createStorageCredential(db, workspace.id, body);
  return { ...serializeStorageCredential(row), secret_access_key: secret };
});
