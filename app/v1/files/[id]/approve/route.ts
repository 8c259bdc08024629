import { route } from "@/lib/api/route";
import { approveFileContract } from "@/lib/contracts/files";
import { transitionFile } from "@/lib/files/transition-file";

export const POST = route(
  approveFileContract,
  async ({ db, workspace, key, params, body }) =>
    await transitionFile(db, {
      workspaceId: workspace.id,
      fileId: params.id,
      action: "approve",
      actor: key.id,
      reason: body?.reason,
    }),
);
