import { route } from "@/lib/api/route";
import { quoteLaserContract } from "@/lib/contracts/quotes";
import { quoteFileJson } from "@/lib/quotes/quote-file";
import { withQuoteJson } from "@/lib/api/quote-endpoint";

export const POST = route(quoteLaserContract, ({ db, workspace, params }) =>
  withQuoteJson("v1", params.id, () =>
    quoteFileJson(db, { workspaceId: workspace.id, fileId: params.id, process: "laser" }),
  ),
);
