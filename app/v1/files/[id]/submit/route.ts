import { route } from "@/lib/api/route";
import { submitFile } from "@/lib/contracts/files";
import { transitionFile } from "@/lib/files/transition-file";

export const POST = route(submitFile, ({ db, workspace, key, params, body }) =>
  transitionFile(db, {
    workspaceId: workspace.id,
    fileId: params.id,
    action: "submit",
    actor: key.id,
    reason: body?.reason,
  }),
);
