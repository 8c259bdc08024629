import { route } from "@/lib/api/route";
import { startVpsContract } from "@/lib/contracts/infra-vps";
import { runVpsCommand, serializeVpsAction } from "@/lib/infra/vps/manage-vps";

export const POST = route(startVpsContract, (ctx) =>
  serializeVpsAction(runVpsCommand(ctx.db, ctx.workspace.id, ctx.params.id, "start")),
);
