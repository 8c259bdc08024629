import { z } from "zod";
import { eq } from "drizzle-orm";
import { users, workspaces } from "@/db/schema";
import { describeDb, getDb, migrateDb } from "@/lib/db/client";
import { createWorkspace } from "@/lib/workspaces/create-workspace";
import { addMember } from "@/lib/workspaces/memberships";
import { createUser } from "@/lib/users/users";
import { issueApiKey } from "@/lib/auth/issue-api-key";
import { serializeApiKey } from "@/lib/auth/api-keys";
import { INFRA_PLANS, QUOTE_PLANS, SCOPES } from "@/lib/plans/plans";
import { DomainError } from "@/lib/errors";
import { printResult } from "../output";

type Options = Record<string, string | boolean | undefined>;

function parse<T extends z.ZodType>(schema: T, options: Options): z.output<T> {
  const result = schema.safeParse(options);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new DomainError("invalid_request", `--${issue.path.join(".")}: ${issue.message}`, {
    param: String(issue.path[0]),
  });
}

export async function runMigrate(json: boolean): Promise<void> {
  const db = getDb();
  await migrateDb(db);
  const where = describeDb(db);
  printResult({ migrated: true, database: where }, json, () => `Database ${where} is up to date.`);
}

export async function runWorkspaceCreate(options: Options, json: boolean): Promise<void> {
  const input = parse(
    z.object({
      name: z.string().min(1).max(100),
      plan: z.enum(QUOTE_PLANS).default("free"),
      "infra-plan": z.enum(INFRA_PLANS).default("solo_edge"),
      owner: z.string().email().optional(),
    }),
    options,
  );
  const db = getDb();
  const workspace = await createWorkspace(db, { name: input.name, plan: input.plan, infraPlan: input["infra-plan"] });
  if (input.owner) {
    const user = (await db.select().from(users).where(eq(users.email, input.owner.toLowerCase())).limit(1))[0];
    if (!user) throw new DomainError("not_found", `No user ${input.owner}; create it with \`bengkel user create\`.`);
    await addMember(db, { workspaceId: workspace.id, userId: user.id, role: "owner" });
  }
  const out = {
    id: workspace.id,
    name: workspace.name,
    plan: workspace.plan,
    infra_plan: workspace.infraPlan,
    created_at: workspace.createdAt.toISOString(),
  };
  printResult(out, json, () => `Created workspace ${workspace.id} (${workspace.plan}, ${workspace.infraPlan}).`);
}

export async function runKeysCreate(options: Options, json: boolean): Promise<void> {
  const input = parse(
    z.object({
      workspace: z.string().min(1),
      name: z.string().min(1).max(100).default("cli"),
      scopes: z
        .string()
        .optional()
        .transform((s) =>
          s
            ? s
                .split(",")
                .map((x) => x.trim())
                .filter(Boolean)
            : [],
        )
        .pipe(z.array(z.enum(SCOPES))),
      "expires-in-days": z.coerce.number().int().min(1).max(3650).optional(),
    }),
    options,
  );
  const db = getDb();
  const workspace = (await db.select().from(workspaces).where(eq(workspaces.id, input.workspace)).limit(1))[0];
  if (!workspace) throw new DomainError("not_found", `No workspace ${input.workspace}.`, { param: "workspace" });
  const { key, secret } = await issueApiKey(db, {
    workspace,
    name: input.name,
    scopes: input.scopes,
    expiresInDays: input["expires-in-days"],
    issuerScopes: null,
  });
  printResult({ ...serializeApiKey(key), secret }, json, () => `${secret}\n(key ${key.id}; shown once, store it now)`);
}

export async function runUserCreate(options: Options, json: boolean): Promise<void> {
  const input = parse(
    z.object({
      email: z.string().email(),
      password: z.string().min(8),
      name: z.string().optional(),
      workspace: z.string().optional(),
    }),
    options,
  );
  const db = getDb();
  const user = await createUser(db, input);
  if (input.workspace) await addMember(db, { workspaceId: input.workspace, userId: user.id, role: "owner" });
  printResult({ id: user.id, email: user.email }, json, () => `Created user ${user.email} (${user.id}).`);
}
