import { z } from "zod";
import { AppError } from "@/lib/api/app-error";
import { dashboardJson, requireSessionWorkspace } from "../../../session-workspace";
import { quoteForDashboard } from "@/lib/dashboard/quote-for-dashboard";

const infillParam = z.coerce.number().int().min(0).max(100);

/** Re-quotes at another infill as the slider moves; pro plans only, like the API. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  return dashboardJson(async () => {
    const { db, workspace } = await requireSessionWorkspace(request, { write: false });
    const infill = infillParam.safeParse(new URL(request.url).searchParams.get("infill") ?? 20);
    if (!infill.success) throw new AppError("invalid_request", "`infill` must be a whole number from 0 to 100.", { param: "infill" });
    return quoteForDashboard(db, workspace, (await params).id, infill.data);
  });
}
