import { route } from "@/lib/api/route";
import { restartVpsContract } from "@/lib/contracts/infra-vps";
import { runVpsCommand, serializeVpsAction } from "@/lib/infra/vps/manage-vps";

export const POST = route(restartVpsContract, (ctx) =>
  serializeVpsAction(runVpsCommand(ctx.db, ctx.workspace.id, ctx.params.id, "restart")),
);
