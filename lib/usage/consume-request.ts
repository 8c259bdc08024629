import { and, eq, sql } from "drizzle-orm";
import { usageCounters } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { DomainError, type ErrorCode } from "@/lib/errors";
import { DAILY_REQUEST_QUOTA, INFRA_REQUESTS_PER_MINUTE, type InfraPlan, type QuotePlan } from "@/lib/plans/plans";

/** Which limiter a route counts against: the quote service's daily quota or the infrastructure per-minute rate. */
export type Service = "quote" | "infra";

export interface LimitState {
  policy: "daily" | "minute";
  /** null when the plan is unlimited. */
  limit: number | null;
  remaining: number | null;
  windowSeconds: number;
  resetAt: Date;
}

interface Window {
  key: string;
  policy: LimitState["policy"];
  seconds: number;
  resetAt: Date;
}

export function quotaWindow(now: Date): Window {
  const day = now.toISOString().slice(0, 10);
  const resetAt = new Date(`${day}T00:00:00.000Z`);
  resetAt.setUTCDate(resetAt.getUTCDate() + 1);
  return { key: `quote:${day}`, policy: "daily", seconds: 86_400, resetAt };
}

export function rateWindow(now: Date): Window {
  const minute = Math.floor(now.getTime() / 60_000);
  return { key: `infra:${minute}`, policy: "minute", seconds: 60, resetAt: new Date((minute + 1) * 60_000) };
}

/**
 * Counts one request and refuses it when the window is full. One conditional
 * UPSERT (INSERT … ON CONFLICT … WHERE count < limit RETURNING): SQLite
 * serialises writers and PostgreSQL re-checks the condition on the locked row,
 * so the check and the increment cannot be split by another request or
 * instance — with a limit of 60, exactly 60 pass.
 */
export async function consumeRequest(
  db: Db,
  workspace: { id: string; plan: QuotePlan; infraPlan: InfraPlan },
  service: Service,
  now = new Date(),
): Promise<LimitState> {
  const window = service === "quote" ? quotaWindow(now) : rateWindow(now);
  const limit =
    service === "quote" ? DAILY_REQUEST_QUOTA[workspace.plan] : INFRA_REQUESTS_PER_MINUTE[workspace.infraPlan];
  const ceiling = limit ?? Number.MAX_SAFE_INTEGER;

  const [row] = await db
    .insert(usageCounters)
    .values({ workspaceId: workspace.id, window: window.key, count: 1, rejected: 0 })
    .onConflictDoUpdate({
      target: [usageCounters.workspaceId, usageCounters.window],
      set: { count: sql`${usageCounters.count} + 1` },
      setWhere: sql`${usageCounters.count} < ${ceiling}`,
    })
    .returning({ count: usageCounters.count });

  const state: LimitState = {
    policy: window.policy,
    limit,
    remaining: limit === null ? null : Math.max(0, limit - (row?.count ?? limit)),
    windowSeconds: window.seconds,
    resetAt: window.resetAt,
  };
  if (row) return state;

  await db
    .update(usageCounters)
    .set({ rejected: sql`${usageCounters.rejected} + 1` })
    .where(and(eq(usageCounters.workspaceId, workspace.id), eq(usageCounters.window, window.key)));
  const retryAfter = secondsUntil(window.resetAt, now);
  throw new LimitExceeded(
    service === "quote" ? "quota_exceeded" : "rate_limit_exceeded",
    service === "quote"
      ? `Daily request quota of ${limit} for the ${workspace.plan} plan is used up; it resets at ${window.resetAt.toISOString()}.`
      : `Rate limit of ${limit} requests per minute for the ${workspace.infraPlan} plan exceeded; retry in ${retryAfter} s.`,
    state,
    retryAfter,
    now,
  );
}

/**
 * A request past its workspace's quota or rate limit. It carries the limiter's state so the edge can answer
 * with the rate-limit headers (lib/api/rate-limit-headers.ts); the envelope shows only code and message.
 */
export class LimitExceeded extends DomainError {
  constructor(
    code: Extract<ErrorCode, "quota_exceeded" | "rate_limit_exceeded">,
    message: string,
    readonly state: LimitState,
    readonly retryAfterSeconds: number,
    readonly at: Date,
  ) {
    super(code, message);
    this.name = "LimitExceeded";
  }
}

/** Whole seconds from `now` until `date`, at least 1. */
export function secondsUntil(date: Date, now: Date): number {
  return Math.max(1, Math.ceil((date.getTime() - now.getTime()) / 1000));
}

export interface UsageToday {
  plan: QuotePlan;
  used: number;
  rejected: number;
  limit: number | null;
  resetAt: Date;
}

export async function getUsageToday(
  db: Db,
  workspace: { id: string; plan: QuotePlan },
  now = new Date(),
): Promise<UsageToday> {
  const window = quotaWindow(now);
  const row = (
    await db
      .select()
      .from(usageCounters)
      .where(and(eq(usageCounters.workspaceId, workspace.id), eq(usageCounters.window, window.key)))
      .limit(1)
  )[0];
  return {
    plan: workspace.plan,
    used: row?.count ?? 0,
    rejected: row?.rejected ?? 0,
    limit: DAILY_REQUEST_QUOTA[workspace.plan],
    resetAt: window.resetAt,
  };
}
