import { eq } from "drizzle-orm";
import { memberships, workspaces } from "@/db/schema";
import type { Db } from "@/lib/db/client";

export type Role = (typeof memberships.$inferSelect)["role"];

export function addMember(db: Db, input: { workspaceId: string; userId: string; role: Role }): void {
  db.insert(memberships)
    .values({ ...input, createdAt: new Date() })
    .onConflictDoUpdate({ target: [memberships.workspaceId, memberships.userId], set: { role: input.role } })
    .run();
}

export function listUserWorkspaces(db: Db, userId: string) {
  return db
    .select({ workspace: workspaces, role: memberships.role })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(eq(memberships.userId, userId))
    .orderBy(workspaces.name)
    .all();
}
