import { route } from "@/lib/api/route";
import { quote3dPrint } from "@/lib/contracts/quotes";
import { quoteFile } from "@/lib/quotes/quote-file";

export const POST = route(quote3dPrint, ({ db, workspace, params, body }) =>
  quoteFile(db, {
    workspaceId: workspace.id,
    fileId: params.id,
    api: "v1",
    process: "print_3d",
    print: { infill_percent: body.infill, materials: body.materials, quantity: body.quantity, supports: body.supports },
  }),
);
