import { z } from "zod";
import { AppError } from "@/lib/api/app-error";
import { planAtLeast } from "@/lib/plans/plans";
import { searchFiles } from "@/lib/search/search-files";
import { dashboardJson, requireSessionWorkspace } from "../session-workspace";

const queryParam = z.string().trim().min(1).max(500);

/** Search-as-you-type for the files page; the same engine and plan rule as POST /v1/search. */
export async function GET(request: Request): Promise<Response> {
  return dashboardJson(async () => {
    const { db, workspace } = await requireSessionWorkspace(request, { write: false });
    if (!planAtLeast(workspace.plan, "pro")) {
      throw new AppError("plan_required", `Search needs the pro plan or higher; this workspace is on ${workspace.plan}.`);
    }
    const q = queryParam.safeParse(new URL(request.url).searchParams.get("q") ?? "");
    if (!q.success) throw new AppError("invalid_request", "`q` must be 1 to 500 characters.", { param: "q" });
    const { hits, interpretation } = searchFiles(db, workspace.id, { query: q.data, limit: 10 });
    return {
      results: hits.map((h) => ({
        id: h.file.id,
        name: h.file.name,
        format: h.file.format,
        score: h.score,
        matched_fields: h.matchedFields,
        highlights: h.highlights,
      })),
      interpretation,
    };
  });
}
