import { route } from "@/lib/api/route";
import { revokeStorageCredentialContract } from "@/lib/contracts/infra-storage-credentials";
import { revokeStorageCredential, serializeStorageCredential } from "@/lib/infra/storage/storage-credentials";

export const DELETE = route(revokeStorageCredentialContract, async ({ db, workspace, params }) =>
  serializeStorageCredential(await revokeStorageCredential(db, workspace.id, params.id)),
);
