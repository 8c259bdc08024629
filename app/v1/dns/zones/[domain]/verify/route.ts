import { route } from "@/lib/api/route";
import { verifyZone } from "@/lib/contracts/infra-dns";
import { serializeZone } from "@/lib/infra/dns/manage-dns";
import { verifyZone as verify } from "@/lib/infra/dns/zone-lifecycle";

export const POST = route(verifyZone, async ({ db, workspace, params }) =>
  serializeZone(db, await verify(db, workspace.id, params.domain)),
);
