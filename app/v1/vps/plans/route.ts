import { route } from "@/lib/api/route";
import { listVpsPlansContract } from "@/lib/contracts/infra-vps";
import { PLANS } from "@/lib/infra/vps/catalogue";

export const GET = route(listVpsPlansContract, () => [...PLANS]);
