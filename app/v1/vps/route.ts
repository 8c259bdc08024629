import { route } from "@/lib/api/route";
import { Page } from "@/lib/api/envelope";
import { createVpsContract, listVpsContract } from "@/lib/contracts/infra-vps";
import { createVps, listVps, serializeVps } from "@/lib/infra/vps/manage-vps";

export const GET = route(listVpsContract, async ({ db, workspace, query }) => {
  const { items, nextCursor } = await listVps(db, workspace.id, query);
  return new Page(items.map(serializeVps), nextCursor);
});

export const POST = route(createVpsContract, async (ctx) =>
  serializeVps(await createVps(ctx.db, ctx.workspace.id, ctx.body)),
);
