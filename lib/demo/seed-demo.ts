import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { apiKeys, memberships, users, workspaces } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { createUser, hashPassword } from "@/lib/users/users";
import { createWorkspace } from "@/lib/workspaces/create-workspace";
import { addMember } from "@/lib/workspaces/memberships";
import { issueApiKey } from "@/lib/auth/issue-api-key";
import type { InfraPlan, QuotePlan } from "@/lib/plans/plans";

export const DEMO_EMAIL = "demo@bengkel.local";
const DEMO_KEY_NAME = "demo";

const DEMO_WORKSPACES: { name: string; plan: QuotePlan; infraPlan: InfraPlan }[] = [
  { name: "Demo Free", plan: "free", infraPlan: "solo_edge" },
  { name: "Demo Pro", plan: "pro", infraPlan: "continental" },
  { name: "Demo Team", plan: "team", infraPlan: "planetary" },
];

export interface DemoCredentials {
  email: string;
  password: string;
  keys: { workspace_id: string; workspace: string; plan: QuotePlan; infra_plan: InfraPlan; key: string }[];
}

/**
 * Makes sure the demo user and one workspace per plan exist, then issues a
 * fresh password and fresh keys (the previous demo keys are revoked): secrets
 * are never stored in plain text, so each start prints new ones.
 */
export async function seedDemo(db: Db): Promise<DemoCredentials> {
  const password = randomBytes(9).toString("base64url");
  let user = (await db.select().from(users).where(eq(users.email, DEMO_EMAIL)).limit(1))[0];
  if (user) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, user.id));
  } else {
    user = await createUser(db, { email: DEMO_EMAIL, password, name: "Demo" });
  }
  const owned = (
    await db
      .select({ workspace: workspaces })
      .from(memberships)
      .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
      .where(eq(memberships.userId, user.id))
  ).map((row) => row.workspace);

  const keys: DemoCredentials["keys"] = [];
  for (const spec of DEMO_WORKSPACES) {
    const workspace =
      owned.find((w) => w.name === spec.name) ?? (await createWorkspace(db, { ...spec, ownerUserId: user.id }));
    await addMember(db, { workspaceId: workspace.id, userId: user.id, role: "owner" });
    await db
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.workspaceId, workspace.id), eq(apiKeys.name, DEMO_KEY_NAME), isNull(apiKeys.revokedAt)));
    const { secret } = await issueApiKey(db, {
      workspace,
      name: DEMO_KEY_NAME,
      scopes: [],
      issuerScopes: null,
      createdBy: user.id,
    });
    keys.push({
      workspace_id: workspace.id,
      workspace: workspace.name,
      plan: workspace.plan,
      infra_plan: workspace.infraPlan,
      key: secret,
    });
  }
  return { email: DEMO_EMAIL, password, keys };
}
