import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/api/app-error";
import { getFile } from "@/lib/files/get-file";
import { formatIdr } from "@/lib/i18n/format";
import { planAtLeast, type QuotePlan } from "@/lib/plans/plans";
import type { LaserQuote, PrintQuote } from "@/lib/pricing";
import { quoteFile, type LaserQuotePayload, type PrintQuotePayload } from "@/lib/quotes/quote-file";

export type PrintQuoteRow = PrintQuote & { price_text: string; per_gram_text: string };
export type LaserQuoteRow = LaserQuote & { price_text: string; pierce_fee_text: string };

export type DashboardQuote =
  | { process: "print_3d"; quote: Omit<PrintQuotePayload, "quotes"> & { quotes: PrintQuoteRow[] } }
  | { process: "laser"; quote: Omit<LaserQuotePayload, "quotes"> & { quotes: LaserQuoteRow[] } };

/**
 * The quote a file's page shows: every print material at `infill`, or every laser entry; pro plans only.
 * Rupiah amounts are formatted here with the server's formatIdr, so rows re-quoted in the browser read
 * exactly like server-rendered ones whatever locale data the browser carries.
 */
export function quoteForDashboard(db: Db, workspace: { id: string; plan: QuotePlan }, fileId: string, infill: number): DashboardQuote {
  if (!planAtLeast(workspace.plan, "pro")) {
    throw new AppError("plan_required", `Quotes need the pro plan or higher; this workspace is on ${workspace.plan}.`);
  }
  const file = getFile(db, workspace.id, fileId);
  const base = { workspaceId: workspace.id, fileId: file.id, api: "v1" as const };
  if (file.kind === "laser") {
    const quote = quoteFile(db, { ...base, process: "laser" });
    return {
      process: "laser",
      quote: { ...quote, quotes: quote.quotes.map((q) => ({ ...q, price_text: formatIdr(q.price_idr), pierce_fee_text: formatIdr(q.pierce_fee_idr) })) },
    };
  }
  const quote = quoteFile(db, { ...base, process: "print_3d", print: { infill_percent: infill, quantity: 1 } });
  return {
    process: "print_3d",
    quote: {
      ...quote,
      quotes: quote.quotes.map((q) => ({
        ...q,
        price_text: formatIdr(q.price_idr),
        // Setup included, so small parts cost more per gram than the material rate.
        per_gram_text: q.weight_g > 0 ? formatIdr(Math.round(q.price_idr / q.weight_g)) : "—",
      })),
    },
  };
}
