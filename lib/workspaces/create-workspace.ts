import { memberships, workspaces } from "@/db/schema";
import { inTransaction, type Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import type { InfraPlan, QuotePlan } from "@/lib/plans/plans";

export type WorkspaceRow = typeof workspaces.$inferSelect;

export async function createWorkspace(
  db: Db,
  input: { name: string; plan?: QuotePlan; infraPlan?: InfraPlan; ownerUserId?: string },
): Promise<WorkspaceRow> {
  return await inTransaction(db, async (tx) => {
    const workspace = (
      await tx
        .insert(workspaces)
        .values({
          id: newId("workspace"),
          name: input.name,
          plan: input.plan ?? "free",
          infraPlan: input.infraPlan ?? "solo_edge",
          createdAt: new Date(),
        })
        .returning()
    )[0];
    if (input.ownerUserId) {
      await tx
        .insert(memberships)
        .values({ workspaceId: workspace.id, userId: input.ownerUserId, role: "owner", createdAt: new Date() });
    }
    return workspace;
  });
}
