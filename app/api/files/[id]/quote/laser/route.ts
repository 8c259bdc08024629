import { route } from "@/lib/api/route";
import { legacyQuoteLaserContract } from "@/lib/contracts/quotes";
import { quoteFile } from "@/lib/quotes/quote-file";
import { withQuoteEndpoint } from "@/lib/api/quote-endpoint";

export const POST = route(legacyQuoteLaserContract, ({ db, workspace, params }) =>
  withQuoteEndpoint("legacy", params.id, () =>
    quoteFile(db, { workspaceId: workspace.id, fileId: params.id, process: "laser" }),
  ),
);
