"use server";

import { cookies } from "next/headers";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireDashboard, LANG_COOKIE, WORKSPACE_COOKIE } from "./dashboard-session";
import { canManageKeys } from "@/lib/workspaces/memberships";
import { issueApiKey } from "@/lib/auth/issue-api-key";
import { revokeApiKey } from "@/lib/auth/api-keys";
import { isAppError } from "@/lib/api/app-error";
import { SCOPES } from "@/lib/plans/plans";

const COOKIE = { httpOnly: true, sameSite: "lax", path: "/", maxAge: 365 * 86_400 } as const;

export async function switchWorkspace(formData: FormData): Promise<void> {
  const { memberships } = await requireDashboard();
  const id = String(formData.get("workspace") ?? "");
  if (memberships.some((m) => m.workspace.id === id)) (await cookies()).set(WORKSPACE_COOKIE, id, COOKIE);
  revalidatePath("/", "layout");
}

export async function setLanguage(formData: FormData): Promise<void> {
  const lang = formData.get("lang") === "en" ? "en" : "id";
  (await cookies()).set(LANG_COOKIE, lang, COOKIE);
  revalidatePath("/", "layout");
}

const createKeyForm = z.object({
  name: z.string().trim().min(1).max(100),
  scopes: z.array(z.enum(SCOPES)),
  expiresInDays: z.union([z.literal(""), z.coerce.number().int().min(1).max(3650)]),
});

export type CreateKeyState = { secret?: string; error?: string };

export async function createKeyAction(_prev: CreateKeyState, formData: FormData): Promise<CreateKeyState> {
  const { db, current, userId } = await requireDashboard();
  if (!canManageKeys(current.role)) return { error: "forbidden" };
  const parsed = createKeyForm.safeParse({
    name: formData.get("name"),
    scopes: formData.getAll("scopes"),
    expiresInDays: formData.get("expiresInDays") ?? "",
  });
  if (!parsed.success) return { error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") };
  try {
    const { secret } = issueApiKey(db, {
      workspace: current.workspace,
      name: parsed.data.name,
      scopes: parsed.data.scopes,
      expiresInDays: parsed.data.expiresInDays === "" ? undefined : parsed.data.expiresInDays,
      issuerScopes: null,
      createdBy: userId,
    });
    revalidatePath("/keys");
    return { secret };
  } catch (error) {
    if (isAppError(error)) return { error: error.message };
    throw error;
  }
}

export async function revokeKeyAction(formData: FormData): Promise<void> {
  const { db, current } = await requireDashboard();
  if (!canManageKeys(current.role)) return;
  try {
    revokeApiKey(db, current.workspace.id, String(formData.get("keyId") ?? ""));
  } catch (error) {
    if (!isAppError(error)) throw error; // already revoked or not ours: nothing to do
  }
  revalidatePath("/keys");
}
