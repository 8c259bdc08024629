import { route } from "@/lib/api/route";
import { getWorkspace } from "@/lib/contracts/workspace";
import { getWorkspaceSummary } from "@/lib/workspaces/get-workspace-summary";

export const GET = route(getWorkspace, ({ db, workspace, key }) => getWorkspaceSummary(db, workspace, key));
