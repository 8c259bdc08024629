import { route } from "@/lib/api/route";
import { Page } from "@/lib/api/envelope";
import { createZone, listZones } from "@/lib/contracts/infra-dns";
import { createZone as create, listZones as list, serializeZone } from "@/lib/infra/dns/manage-dns";

export const GET = route(listZones, ({ db, workspace, query }) => {
  const { items, nextCursor } = list(db, workspace.id, query);
  return new Page(
    items.map((zone) => serializeZone(db, zone)),
    nextCursor,
  );
});

export const POST = route(createZone, (ctx) => serializeZone(ctx.db, create(ctx.db, ctx.workspace.id, ctx.body)));
