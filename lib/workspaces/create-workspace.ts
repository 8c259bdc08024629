import { memberships, workspaces } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import type { InfraPlan, QuotePlan } from "@/lib/plans/plans";

export type WorkspaceRow = typeof workspaces.$inferSelect;

export function createWorkspace(
  db: Db,
  input: { name: string; plan?: QuotePlan; infraPlan?: InfraPlan; ownerUserId?: string },
): WorkspaceRow {
  return db.transaction((tx) => {
    const workspace = tx
      .insert(workspaces)
      .values({
        id: newId("workspace"),
        name: input.name,
        plan: input.plan ?? "free",
        infraPlan: input.infraPlan ?? "solo_edge",
        createdAt: new Date(),
      })
      .returning()
      .get();
    if (input.ownerUserId) {
      tx.insert(memberships)
        .values({ workspaceId: workspace.id, userId: input.ownerUserId, role: "owner", createdAt: new Date() })
        .run();
    }
    return workspace;
  });
}
