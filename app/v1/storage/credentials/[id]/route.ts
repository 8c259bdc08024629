import { route } from "@/lib/api/route";
import { revokeStorageCredential } from "@/lib/contracts/infra-storage-credentials";
import { revokeStorageCredential as revoke, serializeStorageCredential } from "@/lib/infra/storage/storage-credentials";

export const DELETE = route(revokeStorageCredential, ({ db, workspace, params }) =>
  serializeStorageCredential(revoke(db, workspace.id, params.id)),
);
