import { route } from "@/lib/api/route";
import { legacyQuoteLaser } from "@/lib/contracts/quotes";
import { quoteFile } from "@/lib/quotes/quote-file";

export const POST = route(legacyQuoteLaser, ({ db, workspace, params }) =>
  quoteFile(db, { workspaceId: workspace.id, fileId: params.id, api: "legacy", process: "laser" }),
);
