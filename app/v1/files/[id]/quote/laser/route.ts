import { route } from "@/lib/api/route";
import { quoteLaser } from "@/lib/contracts/quotes";
import { quoteFile } from "@/lib/quotes/quote-file";

export const POST = route(quoteLaser, ({ db, workspace, params }) =>
  quoteFile(db, { workspaceId: workspace.id, fileId: params.id, api: "v1", process: "laser" }),
);
