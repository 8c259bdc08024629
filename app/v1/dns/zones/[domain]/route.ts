import { route } from "@/lib/api/route";
import { deleteZoneContract } from "@/lib/contracts/infra-dns";
import { deleteZone } from "@/lib/infra/dns/zone-lifecycle";

export const DELETE = route(deleteZoneContract, async ({ db, workspace, params }) => ({
  id: (await deleteZone(db, workspace.id, params.domain)).id,
  deleted: true as const,
}));
