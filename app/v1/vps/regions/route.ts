import { route } from "@/lib/api/route";
import { listVpsRegionsContract } from "@/lib/contracts/infra-vps";
import { REGIONS } from "@/lib/infra/vps/catalogue";

export const GET = route(listVpsRegionsContract, () => [...REGIONS]);
