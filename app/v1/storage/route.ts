import { route } from "@/lib/api/route";
import { getStorageUsage } from "@/lib/contracts/infra-storage";
import { storageUsage } from "@/lib/infra/storage/manage-buckets";

export const GET = route(getStorageUsage, ({ db, workspace }) => storageUsage(db, workspace.id));
