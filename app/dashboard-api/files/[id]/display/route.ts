import { requireSessionWorkspace } from "../../../session-workspace";
import { errorResponse } from "@/lib/api/route";
import { getFileVersion } from "@/lib/files/get-file";
import { displayAssetResponse } from "@/lib/api/display-asset-response";
import { randomToken } from "@/lib/ids";

/** The display mesh/drawing of a file's current version, for the viewer on the dashboard's file page. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const { db, workspace } = await requireSessionWorkspace(request, { write: false });
    return await displayAssetResponse(getFileVersion(db, workspace.id, (await params).id).version);
  } catch (error) {
    return errorResponse("v1", error, `req_${randomToken(20)}`);
  }
}
