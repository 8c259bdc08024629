import { route } from "@/lib/api/route";
import { Page } from "@/lib/api/envelope";
import { createZoneContract, listZonesContract } from "@/lib/contracts/infra-dns";
import { createZone, listZones, serializeZone } from "@/lib/infra/dns/manage-dns";

export const GET = route(listZonesContract, ({ db, workspace, query }) => {
  const { items, nextCursor } = listZones(db, workspace.id, query);
  return new Page(
    items.map((zone) => serializeZone(db, zone)),
    nextCursor,
  );
});

export const POST = route(createZoneContract, (ctx) =>
  serializeZone(ctx.db, createZone(ctx.db, ctx.workspace.id, ctx.body)),
);
