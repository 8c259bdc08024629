import { route } from "@/lib/api/route";
import { quote3dPrintContract } from "@/lib/contracts/quotes";
import { quoteFileJson } from "@/lib/quotes/quote-file";
import { withQuoteJson } from "@/lib/api/quote-endpoint";

export const POST = route(quote3dPrintContract, ({ db, workspace, params, body }) =>
  withQuoteJson("v1", params.id, () =>
    quoteFileJson(db, {
      workspaceId: workspace.id,
      fileId: params.id,
      process: "print_3d",
      print: {
        infill_percent: body.infill,
        materials: body.materials,
        quantity: body.quantity,
        supports: body.supports,
      },
    }),
  ),
);
