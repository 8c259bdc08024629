import { route } from "@/lib/api/route";
import { createStorageCredential, listStorageCredentials } from "@/lib/contracts/infra-storage-credentials";
import {
  createStorageCredential as create,
  listStorageCredentials as list,
  serializeStorageCredential,
} from "@/lib/infra/storage/storage-credentials";

export const GET = route(listStorageCredentials, ({ db, workspace }) =>
  list(db, workspace.id).map(serializeStorageCredential),
);

export const POST = route(createStorageCredential, ({ db, workspace, body }) => {
  const { row, secret } = create(db, workspace.id, body);
  return { ...serializeStorageCredential(row), secret_access_key: secret };
});
