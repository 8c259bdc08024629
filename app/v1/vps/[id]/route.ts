import { route } from "@/lib/api/route";
import { deleteVpsContract, getVpsContract, updateVpsContract } from "@/lib/contracts/infra-vps";
import { getVps, runVpsCommand, serializeVps, serializeVpsAction, updateVps } from "@/lib/infra/vps/manage-vps";

export const GET = route(getVpsContract, ({ db, workspace, params }) =>
  serializeVps(getVps(db, workspace.id, params.id)),
);

export const PATCH = route(updateVpsContract, ({ db, workspace, params, body }) =>
  serializeVps(updateVps(db, workspace.id, params.id, body)),
);

export const DELETE = route(deleteVpsContract, ({ db, workspace, params }) =>
  serializeVpsAction(runVpsCommand(db, workspace.id, params.id, "delete")),
);
