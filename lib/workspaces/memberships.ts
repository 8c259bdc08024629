import { eq } from "drizzle-orm";
import { memberships, workspaces } from "@/db/schema";
import type { Db } from "@/lib/db/client";

export type Role = (typeof memberships.$inferSelect)["role"];

export async function addMember(db: Db, input: { workspaceId: string; userId: string; role: Role }): Promise<void> {
  await db
    .insert(memberships)
    .values({ ...input, createdAt: new Date() })
    .onConflictDoUpdate({ target: [memberships.workspaceId, memberships.userId], set: { role: input.role } });
}

export async function listUserWorkspaces(db: Db, userId: string) {
  return await db
    .select({ workspace: workspaces, role: memberships.role })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(eq(memberships.userId, userId))
    .orderBy(workspaces.name);
}
