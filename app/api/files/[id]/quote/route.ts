import { route } from "@/lib/api/route";
import { legacyQuote3dPrintContract } from "@/lib/contracts/quotes";
import { quoteFileJson } from "@/lib/quotes/quote-file";
import { withQuoteJson } from "@/lib/api/quote-endpoint";

export const POST = route(legacyQuote3dPrintContract, ({ db, workspace, params, body }) =>
  withQuoteJson("legacy", params.id, () =>
    quoteFileJson(db, {
      workspaceId: workspace.id,
      fileId: params.id,
      process: "print_3d",
      print: { infill_percent: body.infill, quantity: 1 },
    }),
  ),
);
