import { planAtLeast, type QuotePlan } from "@/lib/plans/plans";
import type { Role } from "@/lib/workspaces/memberships";

const EVERYONE = ["owner", "admin", "member", "viewer"] as const satisfies readonly Role[];
const EDITORS = ["owner", "admin", "member"] as const satisfies readonly Role[];
const MANAGERS = ["owner", "admin"] as const satisfies readonly Role[];

/**
 * What each workspace role may do on the dashboard: the one table every server action, dashboard-api route and
 * page asks through `can()`. API keys answer the same questions with scopes (lib/plans/plans.ts); plan gates are
 * not here but on the API contracts a dashboard feature mirrors (see `planAllows`). `does` words the refusal.
 */
export const PERMISSIONS = {
  /** Read the workspace: files, displays, quotes, search; switch to it. */
  view: { roles: EVERYONE, does: "read this workspace" },
  /** Rename and tag files, submit them for approval, analyze them (analysis writes the search index). */
  edit_files: { roles: EDITORS, does: "change files" },
  upload: { roles: EDITORS, does: "upload files" },
  /** Create and revoke viewer (embed) links. */
  share_files: { roles: EDITORS, does: "share files" },
  /** Approve or reject a file pending approval. */
  decide_approval: { roles: MANAGERS, does: "approve or reject files" },
  manage_keys: { roles: MANAGERS, does: "manage API keys" },
  /** Publish price catalogues and import print profiles. */
  manage_prices: { roles: MANAGERS, does: "change prices" },
  manage_webhooks: { roles: MANAGERS, does: "manage webhooks" },
  /** VPS, email, buckets and DNS. */
  manage_infra: { roles: MANAGERS, does: "change infrastructure" },
} as const satisfies Record<string, { roles: readonly Role[]; does: string }>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission].roles as readonly Role[]).includes(role);
}

/** "Viewers cannot upload files." */
export function refusal(role: Role, permission: Permission): string {
  return `${role[0].toUpperCase()}${role.slice(1)}s cannot ${PERMISSIONS[permission].does}.`;
}

/** The plan gate of an API contract (`quote3dPrint`, `createWebhook`…), so the dashboard states no plan rule of its own. */
export interface PlanGate {
  plan?: QuotePlan;
}

export function planAllows(plan: QuotePlan, gate: PlanGate | undefined): boolean {
  return !gate?.plan || planAtLeast(plan, gate.plan);
}

export type Denial =
  | { code: "forbidden"; permission: Permission }
  | { code: "plan_required"; requiredPlan: QuotePlan; currentPlan: QuotePlan };

/** Role, then plan: why this member may not do it, or null when they may. */
export function denial(
  member: { role: Role; plan: QuotePlan },
  permission: Permission,
  gate?: PlanGate,
): Denial | null {
  if (!can(member.role, permission)) return { code: "forbidden", permission };
  if (gate?.plan && !planAllows(member.plan, gate))
    return { code: "plan_required", requiredPlan: gate.plan, currentPlan: member.plan };
  return null;
}
