import { route } from "@/lib/api/route";
import {
  createStorageCredentialContract,
  listStorageCredentialsContract,
} from "@/lib/contracts/infra-storage-credentials";
import {
  createStorageCredential,
  listStorageCredentials,
  serializeStorageCredential,
} from "@/lib/infra/storage/storage-credentials";

export const GET = route(listStorageCredentialsContract, ({ db, workspace }) =>
  listStorageCredentials(db, workspace.id).map(serializeStorageCredential),
);

export const POST = route(createStorageCredentialContract, ({ db, workspace, body }) => {
  const { row, secret } = createStorageCredential(db, workspace.id, body);
  return { ...serializeStorageCredential(row), secret_access_key: secret };
});
