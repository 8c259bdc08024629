import { route } from "@/lib/api/route";
import { Page } from "@/lib/api/envelope";
import { createVps, listVps } from "@/lib/contracts/infra-vps";
import { createVps as create, listVps as list, serializeVps } from "@/lib/infra/vps/manage-vps";

export const GET = route(listVps, ({ db, workspace, query }) => {
  const { items, nextCursor } = list(db, workspace.id, query);
  return new Page(items.map(serializeVps), nextCursor);
});

export const POST = route(createVps, (ctx) => serializeVps(create(ctx.db, ctx.workspace.id, ctx.body)));
