import { route } from "@/lib/api/route";
import { legacyQuoteLaserContract } from "@/lib/contracts/quotes";
import { quoteFileJson } from "@/lib/quotes/quote-file";
import { withQuoteJson } from "@/lib/api/quote-endpoint";

export const POST = route(legacyQuoteLaserContract, ({ db, workspace, params }) =>
  withQuoteJson("legacy", params.id, () =>
    quoteFileJson(db, { workspaceId: workspace.id, fileId: params.id, process: "laser" }),
  ),
);
