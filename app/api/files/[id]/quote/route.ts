import { route } from "@/lib/api/route";
import { legacyQuote3dPrintContract } from "@/lib/contracts/quotes";
import { quoteFile } from "@/lib/quotes/quote-file";
import { withQuoteEndpoint } from "@/lib/api/quote-endpoint";

export const POST = route(legacyQuote3dPrintContract, ({ db, workspace, params, body }) =>
  withQuoteEndpoint("legacy", params.id, () =>
    quoteFile(db, {
      workspaceId: workspace.id,
      fileId: params.id,
      process: "print_3d",
      print: { infill_percent: body.infill, quantity: 1 },
    }),
  ),
);
