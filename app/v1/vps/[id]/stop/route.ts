import { route } from "@/lib/api/route";
import { stopVpsContract } from "@/lib/contracts/infra-vps";
import { runVpsCommand, serializeVpsAction } from "@/lib/infra/vps/manage-vps";

export const POST = route(stopVpsContract, async (ctx) =>
  serializeVpsAction(await runVpsCommand(ctx.db, ctx.workspace.id, ctx.params.id, "stop")),
);
