import type { QuotePlan } from "@/lib/plans/plans";
import { config } from "@/lib/config";

const MB = 1024 * 1024;

/** Per-file upload limit: free plans get a smaller one (configurable, default 25 MB vs 200 MB). */
export function maxUploadBytes(plan: QuotePlan): number {
  const { UPLOAD_LIMIT_FREE_MB: freeMb, UPLOAD_LIMIT_PAID_MB: paidMb } = config();
  return Math.floor((plan === "free" ? freeMb : paidMb) * MB);
}
