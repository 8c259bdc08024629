import type { Db } from "@/lib/db/client";
import { getFile } from "@/lib/files/get-file";
import type { QuotePlan } from "@/lib/plans/plans";
import type { LaserQuote, PrintQuote } from "@/lib/pricing";
import { quoteFile, type LaserQuotePayload, type PrintQuotePayload } from "@/lib/quotes/quote-file";

export type PrintQuoteRow = PrintQuote;
export type LaserQuoteRow = LaserQuote;

export type DashboardQuote =
  | { process: "print_3d"; quote: PrintQuotePayload }
  | { process: "laser"; quote: LaserQuotePayload };

/**
 * The quote a file's page shows: every print material at `infill`, or every laser entry. Callers gate the plan
 * (the dashboard pipeline and the file page, both from the quote3dPrint contract).
 * Rows carry numbers only: the tables (components/files/quote-tables.tsx) format them in the reader's
 * language, so rows re-quoted in the browser read exactly like server-rendered ones.
 */
export async function quoteForDashboard(
  db: Db,
  workspace: { id: string; plan: QuotePlan },
  fileId: string,
  infill: number,
): Promise<DashboardQuote> {
  const file = await getFile(db, workspace.id, fileId);
  const base = { workspaceId: workspace.id, fileId: file.id };
  if (file.kind === "laser") return { process: "laser", quote: await quoteFile(db, { ...base, process: "laser" }) };
  return {
    process: "print_3d",
    quote: await quoteFile(db, { ...base, process: "print_3d", print: { infill_percent: infill, quantity: 1 } }),
  };
}
