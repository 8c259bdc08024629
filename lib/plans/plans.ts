/** Plans from the spec. Quote-service quotas are per UTC day; infrastructure limits per minute. */
export const QUOTE_PLANS = ["free", "pro", "team"] as const;
export const INFRA_PLANS = ["solo_edge", "continental", "planetary"] as const;

export type QuotePlan = (typeof QUOTE_PLANS)[number];
export type InfraPlan = (typeof INFRA_PLANS)[number];

/** null = unlimited. */
export const DAILY_REQUEST_QUOTA: Record<QuotePlan, number | null> = {
  free: 1_000,
  pro: 50_000,
  team: null,
};

export const INFRA_REQUESTS_PER_MINUTE: Record<InfraPlan, number> = {
  solo_edge: 60,
  continental: 300,
  planetary: 1_000,
};

const GiB = 1024 ** 3;
/** Bytes a workspace may keep in its buckets (objects plus multipart parts in progress). */
export const STORAGE_QUOTA_BYTES: Record<InfraPlan, number> = {
  solo_edge: 10 * GiB,
  continental: 1024 * GiB,
  planetary: 5 * 1024 * 1024 * GiB,
};

const PLAN_RANK: Record<QuotePlan, number> = { free: 0, pro: 1, team: 2 };

export function planAtLeast(current: QuotePlan, required: QuotePlan): boolean {
  return PLAN_RANK[current] >= PLAN_RANK[required];
}

export const SCOPES = [
  "files:read",
  "files:write",
  "files:approve",
  "quotes",
  "webhooks",
  "infra:read",
  "infra:write",
  /** Manage the workspace's API keys over the API. */
  "keys",
] as const;

export type Scope = (typeof SCOPES)[number];

/** Scopes whose endpoints need at least the given quote plan; offered only on such plans. */
const SCOPE_MIN_PLAN: Partial<Record<Scope, QuotePlan>> = { quotes: "pro", webhooks: "pro" };

export function scopesForPlan(plan: QuotePlan): Scope[] {
  return SCOPES.filter((scope) => planAtLeast(plan, SCOPE_MIN_PLAN[scope] ?? "free"));
}
