import { and, eq } from "drizzle-orm";
import { memberships, users, workspaces } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/api/app-error";

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

/** The membership that lets a signed-in user act in a workspace; 404 for workspaces they are not in. */
export function requireMembership(db: Db, userId: string, workspaceId: string) {
  const row = db
    .select({ workspace: workspaces, role: memberships.role, email: users.email })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.userId, userId), eq(memberships.workspaceId, workspaceId)))
    .get();
  if (!row) throw new AppError("not_found", "No such workspace.");
  return row;
}
