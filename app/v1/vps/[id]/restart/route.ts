import { route } from "@/lib/api/route";
import { restartVpsContract } from "@/lib/contracts/infra-vps";
import { runVpsCommand, serializeVpsAction } from "@/lib/infra/vps/manage-vps";

export const POST = route(restartVpsContract, async (ctx) =>
  serializeVpsAction(await runVpsCommand(ctx.db, ctx.workspace.id, ctx.params.id, "restart")),
);
