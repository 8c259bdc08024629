import { route } from "@/lib/api/route";
import { verifyZoneContract } from "@/lib/contracts/infra-dns";
import { serializeZone } from "@/lib/infra/dns/manage-dns";
import { verifyZone } from "@/lib/infra/dns/zone-lifecycle";

export const POST = route(
  verifyZoneContract,
  async ({ db, workspace, params }) => await serializeZone(db, await verifyZone(db, workspace.id, params.domain)),
);
