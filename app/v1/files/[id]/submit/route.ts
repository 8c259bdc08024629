import { route } from "@/lib/api/route";
import { submitFileContract } from "@/lib/contracts/files";
import { transitionFile } from "@/lib/files/transition-file";

export const POST = route(submitFileContract, ({ db, workspace, key, params, body }) =>
  transitionFile(db, {
    workspaceId: workspace.id,
    fileId: params.id,
    action: "submit",
    actor: key.id,
    reason: body?.reason,
  }),
);
