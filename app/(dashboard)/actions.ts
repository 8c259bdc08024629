"use server";

import { cookies } from "next/headers";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { LANG_COOKIE, WORKSPACE_COOKIE } from "./dashboard-session";
import { dashboardAction, dashboardFormAction, publicAction } from "./dashboard-pipeline";
import { issueApiKey } from "@/lib/auth/issue-api-key";
import { revokeApiKey } from "@/lib/auth/api-keys";
import { isAppError } from "@/lib/api/app-error";
import { SCOPES } from "@/lib/plans/plans";
import { createApiKeyContract, revokeApiKeyContract } from "@/lib/contracts/api-keys";

const COOKIE = { httpOnly: true, sameSite: "lax", path: "/", maxAge: 365 * 86_400 } as const;

export const switchWorkspace = dashboardFormAction({ permission: "view" }, async ({ memberships, data }) => {
  const id = String(data.get("workspace") ?? "");
  if (memberships.some((m) => m.workspace.id === id)) (await cookies()).set(WORKSPACE_COOKIE, id, COOKIE);
  revalidatePath("/", "layout");
});

export const setLanguage = publicAction(async (formData) => {
  const lang = formData.get("lang") === "en" ? "en" : "id";
  (await cookies()).set(LANG_COOKIE, lang, COOKIE);
  revalidatePath("/", "layout");
});

const createKeyForm = z.object({
  name: z.string().trim().min(1).max(100),
  scopes: z.array(z.enum(SCOPES)),
  expiresInDays: z.union([z.literal(""), z.coerce.number().int().min(1).max(3650)]),
});

export type CreateKeyState = { secret?: string; error?: string };

export const createKeyAction = dashboardAction(
  {
    permission: "manage_keys",
    mirrors: createApiKeyContract,
    input: createKeyForm,
    read: (data) => ({
      name: data.get("name"),
      scopes: data.getAll("scopes"),
      expiresInDays: data.get("expiresInDays") ?? "",
    }),
  },
  async ({ db, workspace, userId, input }): Promise<CreateKeyState> => {
    const { secret } = await issueApiKey(db, {
      workspace,
      name: input.name,
      scopes: input.scopes,
      expiresInDays: input.expiresInDays === "" ? undefined : input.expiresInDays,
      issuerScopes: null,
      createdBy: userId,
    });
    revalidatePath("/keys");
    return { secret };
  },
);

export const revokeKeyAction = dashboardFormAction(
  { permission: "manage_keys", mirrors: revokeApiKeyContract },
  async ({ db, workspace, data }) => {
    try {
      await revokeApiKey(db, workspace.id, String(data.get("keyId") ?? ""));
    } catch (error) {
      if (!isAppError(error)) throw error; // already revoked or not ours: nothing to do
    }
    revalidatePath("/keys");
  },
);
