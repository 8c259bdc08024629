import { route } from "@/lib/api/route";
import { stopVps } from "@/lib/contracts/infra-vps";
import { runVpsCommand, serializeVpsAction } from "@/lib/infra/vps/manage-vps";
import { withIdempotency } from "@/lib/infra/idempotency";

export const POST = route(stopVps, (ctx) =>
  withIdempotency(ctx.db, ctx, 202, () => serializeVpsAction(runVpsCommand(ctx.db, ctx.workspace.id, ctx.params.id, "stop"))),
);
