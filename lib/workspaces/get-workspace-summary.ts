import type { Db } from "@/lib/db/client";
import type { ApiKeyRow, WorkspaceRow } from "@/lib/auth/api-keys";
import { getUsageToday } from "@/lib/usage/consume-request";

export async function getWorkspaceSummary(db: Db, workspace: WorkspaceRow, key: ApiKeyRow) {
  const usage = await getUsageToday(db, workspace);
  return {
    id: workspace.id,
    name: workspace.name,
    plan: workspace.plan,
    infra_plan: workspace.infraPlan,
    created_at: workspace.createdAt.toISOString(),
    usage_today: {
      used: usage.used,
      rejected: usage.rejected,
      limit: usage.limit,
      resets_at: usage.resetAt.toISOString(),
    },
    key: { id: key.id, name: key.name, scopes: key.scopes },
  };
}
