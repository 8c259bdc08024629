import { route } from "@/lib/api/route";
import { stopVps } from "@/lib/contracts/infra-vps";
import { runVpsCommand, serializeVpsAction } from "@/lib/infra/vps/manage-vps";

export const POST = route(stopVps, (ctx) =>
  serializeVpsAction(runVpsCommand(ctx.db, ctx.workspace.id, ctx.params.id, "stop")),
);
