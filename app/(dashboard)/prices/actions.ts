"use server";

import { revalidatePath } from "next/cache";
import { requireDashboard } from "../dashboard-session";
import { canManageKeys } from "@/lib/workspaces/memberships";
import { importPrintProfile, publishCatalog } from "@/lib/quotes/catalog-store";
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

export type ImportState = { version?: number; read?: number; ignored?: string[]; error?: string };

/** A shop's PrusaSlicer config.ini becomes a family's print profile, published as the next catalogue version. */
export async function importProfileAction(_prev: ImportState, formData: FormData): Promise<ImportState> {
  const { db, current, userId } = await requireDashboard();
  if (!canManageKeys(current.role)) return { error: "forbidden" };
  const file = formData.get("config");
  if (!(file instanceof File) || file.size === 0) return { error: "config.ini: choose a file" };
  if (file.size > 1024 * 1024) return { error: "config.ini: larger than 1 MB" };
  try {
    const { stored, imported, ignored } = importPrintProfile(db, current.workspace.id, { family: String(formData.get("family") ?? ""), ini: await file.text(), actor: userId });
    revalidatePath("/prices");
    return { version: stored.version, read: imported.length, ignored };
  } catch (error) {
    if (isAppError(error)) return { error: error.message };
    throw error;
  }
}
