"use server";

import { revalidatePath } from "next/cache";
import { dashboardAction } from "../dashboard-pipeline";
import { importPrintProfile, publishCatalog } from "@/lib/quotes/catalog-store";

export type PublishState = { version?: number; error?: string };

/** Owners and admins publish a new catalogue version; quotes priced with older versions stay as they were. */
export const publishCatalogAction = dashboardAction(
  { permission: "manage_prices" },
  async ({ db, workspace, userId, data }): Promise<PublishState> => {
    let catalog: unknown;
    try {
      catalog = JSON.parse(String(data.get("catalog") ?? ""));
    } catch (error) {
      return { error: `JSON: ${(error as Error).message}` };
    }
    const note =
      String(data.get("note") ?? "")
        .trim()
        .slice(0, 200) || undefined;
    const stored = await publishCatalog(db, workspace.id, catalog, userId, note);
    revalidatePath("/prices");
    return { version: stored.version };
  },
);

export type ImportState = { version?: number; read?: number; ignored?: string[]; error?: string };

/** A shop's PrusaSlicer config.ini becomes a family's print profile, published as the next catalogue version. */
export const importProfileAction = dashboardAction(
  { permission: "manage_prices" },
  async ({ db, workspace, userId, data }): Promise<ImportState> => {
    const file = data.get("config");
    if (!(file instanceof File) || file.size === 0) return { error: "config.ini: choose a file" };
    if (file.size > 1024 * 1024) return { error: "config.ini: larger than 1 MB" };
    const { stored, imported, ignored } = await importPrintProfile(db, workspace.id, {
      family: String(data.get("family") ?? ""),
      ini: await file.text(),
      actor: userId,
    });
    revalidatePath("/prices");
    return { version: stored.version, read: imported.length, ignored };
  },
);
