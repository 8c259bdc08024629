import { route } from "@/lib/api/route";
import { rejectFileContract } from "@/lib/contracts/files";
import { transitionFile } from "@/lib/files/transition-file";

export const POST = route(rejectFileContract, ({ db, workspace, key, params, body }) =>
  transitionFile(db, {
    workspaceId: workspace.id,
    fileId: params.id,
    action: "reject",
    actor: key.id,
    reason: body?.reason,
  }),
);
