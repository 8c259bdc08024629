import { route } from "@/lib/api/route";
import { rejectFileContract } from "@/lib/contracts/files";
import { transitionFile } from "@/lib/files/transition-file";

export const POST = route(
  rejectFileContract,
  async ({ db, workspace, key, params, body }) =>
    await transitionFile(db, {
      workspaceId: workspace.id,
      fileId: params.id,
      action: "reject",
      actor: key.id,
      reason: body?.reason,
    }),
);
