import { z } from "zod";
import { quote3dPrintContract } from "@/lib/contracts/quotes";
import { quoteForDashboard } from "@/lib/dashboard/quote-for-dashboard";
import { dashboardRoute } from "@/app/(dashboard)/dashboard-pipeline";
import { fileParams } from "../../file-params";

const query = z.object({
  infill: z.coerce
    .number({ error: "`infill` must be a whole number from 0 to 100." })
    .int()
    .min(0)
    .max(100)
    .default(20),
});

/** Re-quotes at another infill as the slider moves; on the API's quote plan. */
export const GET = dashboardRoute(
  { permission: "view", mirrors: quote3dPrintContract, params: fileParams, query },
  ({ db, workspace, params, query }) => quoteForDashboard(db, workspace, params.id, query.infill),
);
