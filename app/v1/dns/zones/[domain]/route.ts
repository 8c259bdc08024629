import { route } from "@/lib/api/route";
import { deleteZone } from "@/lib/contracts/infra-dns";
import { deleteZone as remove } from "@/lib/infra/dns/zone-lifecycle";

export const DELETE = route(deleteZone, ({ db, workspace, params }) => ({
  id: remove(db, workspace.id, params.domain).id,
  deleted: true as const,
}));
