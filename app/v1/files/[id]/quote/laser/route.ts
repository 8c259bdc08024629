import { route } from "@/lib/api/route";
import { quoteLaserContract } from "@/lib/contracts/quotes";
import { quoteFile } from "@/lib/quotes/quote-file";
import { withQuoteEndpoint } from "@/lib/api/quote-endpoint";

export const POST = route(quoteLaserContract, ({ db, workspace, params }) =>
  withQuoteEndpoint("v1", params.id, () =>
    quoteFile(db, { workspaceId: workspace.id, fileId: params.id, process: "laser" }),
  ),
);
