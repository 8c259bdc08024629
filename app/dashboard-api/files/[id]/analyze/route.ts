import { AppError } from "@/lib/api/app-error";
import { getBlobStore } from "@/lib/files/blob-store";
import { planAtLeast } from "@/lib/plans/plans";
import { analyzeStoredFile } from "@/lib/search/analyze-stored-file";
import { dashboardJson, requireSessionWorkspace } from "../../../session-workspace";

/** The file page's Analyze button: the same analysis (and indexing) as POST /v1/files/{id}/analyze. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  return dashboardJson(async () => {
    const { db, workspace } = await requireSessionWorkspace(request, { write: true });
    if (!planAtLeast(workspace.plan, "pro")) {
      throw new AppError("plan_required", `Analysis needs the pro plan or higher; this workspace is on ${workspace.plan}.`);
    }
    const { file, version, metadata } = await analyzeStoredFile(db, getBlobStore(), workspace.id, (await params).id);
    return { file_id: file.id, version_id: version.id, metadata };
  });
}
