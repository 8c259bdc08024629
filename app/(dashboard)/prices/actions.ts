"use server";

import { revalidatePath } from "next/cache";
import { requireDashboard } from "../dashboard-session";
import { canManageKeys } from "@/lib/workspaces/memberships";
import { publishCatalog } from "@/lib/quotes/catalog-store";
import { isAppError } from "@/lib/api/app-error";

export type PublishState = { version?: number; error?: string };

/** Owners and admins publish a new catalogue version; quotes priced with older versions stay as they were. */
export async function publishCatalogAction(_prev: PublishState, formData: FormData): Promise<PublishState> {
  const { db, current, userId } = await requireDashboard();
  if (!canManageKeys(current.role)) return { error: "forbidden" };
  let catalog: unknown;
  try {
    catalog = JSON.parse(String(formData.get("catalog") ?? ""));
  } catch (error) {
    return { error: `JSON: ${(error as Error).message}` };
  }
  try {
    const note = String(formData.get("note") ?? "").trim().slice(0, 200) || undefined;
    const stored = publishCatalog(db, current.workspace.id, catalog, userId, note);
    revalidatePath("/prices");
    return { version: stored.version };
  } catch (error) {
    if (isAppError(error)) return { error: error.message };
    throw error;
  }
}
