"use server";

import { headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { dashboardAction, dashboardFormAction } from "../../dashboard-pipeline";
import { createViewerToken, revokeViewerToken } from "@/lib/viewer/viewer-tokens";
import { embedLinkFor } from "@/lib/viewer/embed-link";
import { publicOrigin } from "@/lib/api/public-origin";
import { isAppError } from "@/lib/api/app-error";
import { createViewerLinkContract, revokeViewerTokenContract } from "@/lib/contracts/viewer";

export type ShareState = { embedUrl?: string; iframeHtml?: string; error?: string };

const shareForm = z.object({
  fileId: z.string().min(1),
  expiresInDays: z.union([z.literal(""), z.coerce.number().int().min(1).max(365)]),
  pinVersion: z.union([z.literal(""), z.coerce.number().int().min(1)]),
  allowDownload: z.boolean(),
  lang: z.enum(["en", "id"]),
});

/** A viewer link for the file page's Share / Embed dialog; the secret is shown once, like the API's. */
export const createShareLinkAction = dashboardAction(
  {
    permission: "share_files",
    mirrors: createViewerLinkContract,
    input: shareForm,
    read: (data) => ({
      fileId: data.get("fileId"),
      expiresInDays: data.get("expiresInDays") ?? "",
      pinVersion: data.get("pinVersion") ?? "",
      allowDownload: data.get("allowDownload") === "on",
      lang: data.get("lang") ?? "en",
    }),
  },
  async ({ db, workspace, userId, input }): Promise<ShareState> => {
    const { secret } = await createViewerToken(db, {
      workspaceId: workspace.id,
      fileId: input.fileId,
      version: input.pinVersion === "" ? undefined : input.pinVersion,
      expiresInSeconds: input.expiresInDays === "" ? undefined : input.expiresInDays * 86_400,
      allowDownload: input.allowDownload,
      createdBy: userId,
    });
    // The same origin rule as the API's GET /v1/files/{id}/viewer.
    const link = embedLinkFor(publicOrigin(await headers()), secret, { lang: input.lang });
    revalidatePath(`/files/${input.fileId}`);
    return { embedUrl: link.embed_url, iframeHtml: link.iframe_html };
  },
);

export const revokeShareLinkAction = dashboardFormAction(
  { permission: "share_files", mirrors: revokeViewerTokenContract },
  async ({ db, workspace, data }) => {
    const fileId = String(data.get("fileId") ?? "");
    try {
      await revokeViewerToken(db, workspace.id, fileId, String(data.get("tokenId") ?? ""));
    } catch (error) {
      if (!isAppError(error)) throw error; // already gone: nothing to do
    }
    revalidatePath(`/files/${fileId}`);
  },
);
