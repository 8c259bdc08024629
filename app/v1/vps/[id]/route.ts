import { route } from "@/lib/api/route";
import { deleteVpsContract, getVpsContract, updateVpsContract } from "@/lib/contracts/infra-vps";
import { getVps, runVpsCommand, serializeVps, serializeVpsAction, updateVps } from "@/lib/infra/vps/manage-vps";

export const GET = route(getVpsContract, async ({ db, workspace, params }) =>
  serializeVps(await getVps(db, workspace.id, params.id)),
);

export const PATCH = route(updateVpsContract, async ({ db, workspace, params, body }) =>
  serializeVps(await updateVps(db, workspace.id, params.id, body)),
);

export const DELETE = route(deleteVpsContract, async ({ db, workspace, params }) =>
  serializeVpsAction(await runVpsCommand(db, workspace.id, params.id, "delete")),
);
