"use server";

import { headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireDashboard } from "../../dashboard-session";
import { canEdit } from "@/lib/dashboard/roles";
import { createViewerToken, revokeViewerToken } from "@/lib/viewer/viewer-tokens";
import { embedLinkFor } from "@/lib/viewer/embed-link";
import { publicOrigin } from "@/lib/api/public-origin";
import { isAppError } from "@/lib/api/app-error";

export type ShareState = { embedUrl?: string; iframeHtml?: string; error?: string };

const shareForm = z.object({
  fileId: z.string().min(1),
  expiresInDays: z.union([z.literal(""), z.coerce.number().int().min(1).max(365)]),
  pinVersion: z.union([z.literal(""), z.coerce.number().int().min(1)]),
  allowDownload: z.boolean(),
  lang: z.enum(["en", "id"]),
});

/** A viewer link for the file page's Share / Embed dialog; the secret is shown once, like the API's. */
export async function createShareLinkAction(_prev: ShareState, formData: FormData): Promise<ShareState> {
  const { db, current, userId } = await requireDashboard();
  if (!canEdit(current.role)) return { error: "forbidden" };
  const parsed = shareForm.safeParse({
    fileId: formData.get("fileId"),
    expiresInDays: formData.get("expiresInDays") ?? "",
    pinVersion: formData.get("pinVersion") ?? "",
    allowDownload: formData.get("allowDownload") === "on",
    lang: formData.get("lang") ?? "en",
  });
  if (!parsed.success) return { error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") };
  try {
    const { secret } = createViewerToken(db, {
      workspaceId: current.workspace.id,
      fileId: parsed.data.fileId,
      version: parsed.data.pinVersion === "" ? undefined : parsed.data.pinVersion,
      expiresInSeconds: parsed.data.expiresInDays === "" ? undefined : parsed.data.expiresInDays * 86_400,
      allowDownload: parsed.data.allowDownload,
      createdBy: userId,
    });
    // The same origin rule as the API's GET /v1/files/{id}/viewer.
    const link = embedLinkFor(publicOrigin(await headers()), secret, { lang: parsed.data.lang });
    revalidatePath(`/files/${parsed.data.fileId}`);
    return { embedUrl: link.embed_url, iframeHtml: link.iframe_html };
  } catch (error) {
    if (isAppError(error)) return { error: error.message };
    throw error;
  }
}

export async function revokeShareLinkAction(formData: FormData): Promise<void> {
  const { db, current } = await requireDashboard();
  if (!canEdit(current.role)) return;
  const fileId = String(formData.get("fileId") ?? "");
  try {
    revokeViewerToken(db, current.workspace.id, fileId, String(formData.get("tokenId") ?? ""));
  } catch (error) {
    if (!isAppError(error)) throw error; // already gone: nothing to do
  }
  revalidatePath(`/files/${fileId}`);
}
