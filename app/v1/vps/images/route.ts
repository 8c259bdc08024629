import { route } from "@/lib/api/route";
import { listVpsImagesContract } from "@/lib/contracts/infra-vps";
import { IMAGES } from "@/lib/infra/vps/catalogue";

export const GET = route(listVpsImagesContract, () => [...IMAGES]);
