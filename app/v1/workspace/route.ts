import { route } from "@/lib/api/route";
import { getWorkspaceContract } from "@/lib/contracts/workspace";
import { getWorkspaceSummary } from "@/lib/workspaces/get-workspace-summary";

export const GET = route(
  getWorkspaceContract,
  async ({ db, workspace, key }) => await getWorkspaceSummary(db, workspace, key),
);
