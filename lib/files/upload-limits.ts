import type { QuotePlan } from "@/lib/plans/plans";

const MB = 1024 * 1024;

/** Per-file upload limit: free plans get a smaller one (configurable, default 25 MB vs 200 MB). */
export function maxUploadBytes(plan: QuotePlan): number {
  const freeMb = Number(process.env.UPLOAD_LIMIT_FREE_MB ?? 25);
  const paidMb = Number(process.env.UPLOAD_LIMIT_PAID_MB ?? 200);
  return Math.floor((plan === "free" ? freeMb : paidMb) * MB);
}
