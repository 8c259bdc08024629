"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { dashboardAction } from "../dashboard-pipeline";
import { updateFile } from "@/lib/files/update-file";
import { changeFileStatus } from "@/lib/files/change-file-status";
import { tagsFromForm, tagsSchema } from "@/lib/files/tags";
import { updateFileContract } from "@/lib/contracts/files";

export type FileActionState = { error?: string; ok?: boolean };

const editForm = z.object({ fileId: z.string().min(1), name: z.string().trim().min(1).max(200), tags: tagsSchema });
const statusForm = z.object({
  fileId: z.string().min(1),
  action: z.enum(["submit", "approve", "reject"]),
  reason: z.string().trim().max(1000).optional(),
});

function changed(fileId: string): FileActionState {
  revalidatePath(`/files/${fileId}`);
  revalidatePath("/files");
  return { ok: true };
}

export const editFileAction = dashboardAction(
  {
    permission: "edit_files",
    mirrors: updateFileContract,
    input: editForm,
    read: (data) => ({
      fileId: data.get("fileId"),
      name: data.get("name"),
      tags: tagsFromForm([String(data.get("tags") ?? "")]).filter((tag) => tag.trim() !== ""),
    }),
  },
  async ({ db, workspace, input: { fileId, name, tags } }): Promise<FileActionState> => {
    await updateFile(db, workspace.id, fileId, { name, tags });
    return changed(fileId);
  },
);

/** Submitting is any editor's job; deciding is for owners and admins (the API's submitFile vs approveFile/rejectFile). */
export const changeStatusAction = dashboardAction(
  {
    permission: ({ action }) => (action === "submit" ? "edit_files" : "decide_approval"),
    input: statusForm,
    read: (data) => ({
      fileId: data.get("fileId"),
      action: data.get("action"),
      reason: data.get("reason") ?? undefined,
    }),
  },
  async ({ db, workspace, userId, input: { fileId, action, reason } }): Promise<FileActionState> => {
    await changeFileStatus(db, {
      workspaceId: workspace.id,
      fileId,
      action,
      actor: userId,
      reason: reason || undefined,
    });
    return changed(fileId);
  },
);
