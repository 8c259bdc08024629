import { secondsUntil, type LimitState } from "@/lib/usage/consume-request";

/**
 * IETF draft-ietf-httpapi-ratelimit-headers structured fields plus the common
 * X-RateLimit-* trio (Reset as Unix seconds). An unlimited plan sends none.
 */
export function rateLimitHeaders(state: LimitState, now = new Date()): Record<string, string> {
  if (state.limit === null || state.remaining === null) return {};
  const reset = secondsUntil(state.resetAt, now);
  return {
    "RateLimit-Policy": `"${state.policy}";q=${state.limit};w=${state.windowSeconds}`,
    RateLimit: `"${state.policy}";r=${state.remaining};t=${reset}`,
    "X-RateLimit-Limit": String(state.limit),
    "X-RateLimit-Remaining": String(state.remaining),
    "X-RateLimit-Reset": String(Math.floor(state.resetAt.getTime() / 1000)),
  };
}
