import { route } from "@/lib/api/route";
import { submitFileContract } from "@/lib/contracts/files";
import { transitionFile } from "@/lib/files/transition-file";

export const POST = route(
  submitFileContract,
  async ({ db, workspace, key, params, body }) =>
    await transitionFile(db, {
      workspaceId: workspace.id,
      fileId: params.id,
      action: "submit",
      actor: key.id,
      reason: body?.reason,
    }),
);
