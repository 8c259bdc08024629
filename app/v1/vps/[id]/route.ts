import { route } from "@/lib/api/route";
import { deleteVps, getVps, updateVps } from "@/lib/contracts/infra-vps";
import {
  getVps as get,
  runVpsCommand,
  serializeVps,
  serializeVpsAction,
  updateVps as update,
} from "@/lib/infra/vps/manage-vps";

export const GET = route(getVps, ({ db, workspace, params }) => serializeVps(get(db, workspace.id, params.id)));

export const PATCH = route(updateVps, ({ db, workspace, params, body }) =>
  serializeVps(update(db, workspace.id, params.id, body)),
);

export const DELETE = route(deleteVps, ({ db, workspace, params }) =>
  serializeVpsAction(runVpsCommand(db, workspace.id, params.id, "delete")),
);
