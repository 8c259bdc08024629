import { route } from "@/lib/api/route";
import { getStorageUsageContract } from "@/lib/contracts/infra-storage";
import { storageUsage } from "@/lib/infra/storage/manage-buckets";

export const GET = route(getStorageUsageContract, async ({ db, workspace }) => await storageUsage(db, workspace.id));
