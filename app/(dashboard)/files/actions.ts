"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireDashboard } from "../dashboard-session";
import { updateFile } from "@/lib/files/update-file";
import { changeFileStatus } from "@/lib/files/change-file-status";
import { tagsFromForm, tagsSchema } from "@/lib/files/tags";
import { isAppError } from "@/lib/api/app-error";
import { canDecide, canEdit } from "@/lib/dashboard/roles";

export type FileActionState = { error?: string; ok?: boolean };

const editForm = z.object({ fileId: z.string().min(1), name: z.string().trim().min(1).max(200), tags: tagsSchema });
const statusForm = z.object({
  fileId: z.string().min(1),
  action: z.enum(["submit", "approve", "reject"]),
  reason: z.string().trim().max(1000).optional(),
});

/** AppErrors become the form's message; anything else is a real failure and propagates. */
async function attempt(run: () => void, fileId: string): Promise<FileActionState> {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return { error: error.message };
    throw error;
  }
  revalidatePath(`/files/${fileId}`);
  revalidatePath("/files");
  return { ok: true };
}

export async function editFileAction(_prev: FileActionState, formData: FormData): Promise<FileActionState> {
  const { db, current } = await requireDashboard();
  if (!canEdit(current.role)) return { error: "forbidden" };
  const parsed = editForm.safeParse({
    fileId: formData.get("fileId"),
    name: formData.get("name"),
    tags: tagsFromForm([String(formData.get("tags") ?? "")]).filter((tag) => tag.trim() !== ""),
  });
  if (!parsed.success) return { error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") };
  const { fileId, name, tags } = parsed.data;
  return attempt(() => updateFile(db, current.workspace.id, fileId, { name, tags }), fileId);
}

export async function changeStatusAction(_prev: FileActionState, formData: FormData): Promise<FileActionState> {
  const { db, current, userId } = await requireDashboard();
  const parsed = statusForm.safeParse({
    fileId: formData.get("fileId"),
    action: formData.get("action"),
    reason: formData.get("reason") ?? undefined,
  });
  if (!parsed.success) return { error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") };
  const { fileId, action, reason } = parsed.data;
  // Submitting is any editor's job; deciding is for owners and admins.
  if (!canEdit(current.role) || (action !== "submit" && !canDecide(current.role))) return { error: "forbidden" };
  return attempt(
    () => changeFileStatus(db, { workspaceId: current.workspace.id, fileId, action, actor: userId, reason: reason || undefined }),
    fileId,
  );
}
