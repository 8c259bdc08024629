import { route } from "@/lib/api/route";
import { Page } from "@/lib/api/envelope";
import { createZoneContract, listZonesContract } from "@/lib/contracts/infra-dns";
import { createZone, listZones, serializeZone } from "@/lib/infra/dns/manage-dns";

export const GET = route(listZonesContract, async ({ db, workspace, query }) => {
  const { items, nextCursor } = await listZones(db, workspace.id, query);
  return new Page(await Promise.all(items.map(async (zone) => await serializeZone(db, zone))), nextCursor);
});

export const POST = route(
  createZoneContract,
  async (ctx) => await serializeZone(ctx.db, await createZone(ctx.db, ctx.workspace.id, ctx.body)),
);
