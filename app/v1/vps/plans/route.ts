import { route } from "@/lib/api/route";
import { listVpsPlans } from "@/lib/contracts/infra-vps";
import { PLANS } from "@/lib/infra/vps/catalogue";

export const GET = route(listVpsPlans, () => [...PLANS]);
