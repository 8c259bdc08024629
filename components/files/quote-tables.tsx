import type { LaserQuoteRow, PrintQuoteRow } from "@/lib/dashboard/quote-for-dashboard";
import type { Lang } from "@/lib/i18n/messages";
import { formatFixed, formatIdr, formatMinutes } from "@/lib/i18n/format";

export type QuoteLabels = Record<
  | "material"
  | "weight"
  | "time"
  | "price"
  | "perGram"
  | "thickness"
  | "cutRate"
  | "pierceFee"
  | "infill"
  | "updating"
  | "warnings",
  string
>;

const th = "p-2 text-right";
const td = "p-2 text-right tabular-nums";

/**
 * Every number here goes through lib/i18n/format.ts in the reader's language, rupiah included, so a row
 * re-quoted in the browser reads like a server-rendered one.
 *
 * The last print column is the catalogue's material rate (`price_per_gram_idr`), not the part's price
 * divided by its weight: that quotient includes the setup fee and reads as millions of rupiah per gram
 * for a tiny part. Its header says "Material price per gram" so it is not mistaken for the part's cost.
 */

export function PrintQuoteTable({
  quotes,
  labels,
  lang,
}: {
  quotes: PrintQuoteRow[];
  labels: QuoteLabels;
  lang: Lang;
}) {
  return (
    <table className="w-full border-collapse text-sm" data-testid="print-quotes">
      <thead>
        <tr className="border-b text-left text-stone-500">
          <th className="p-2">{labels.material}</th>
          <th className={th}>{labels.weight}</th>
          <th className={th}>{labels.time}</th>
          <th className={th}>{labels.price}</th>
          <th className={th} data-testid="quote-per-gram-header">
            {labels.perGram}
          </th>
        </tr>
      </thead>
      <tbody>
        {quotes.map((q) => (
          <tr key={q.material_id} className="border-b" data-material={q.material_id}>
            <td className="p-2">{q.material_label}</td>
            <td className={td} data-testid="quote-weight">
              {formatFixed(q.weight_g, 1, lang)}
            </td>
            <td className={td}>{formatMinutes(q.print_time_min, lang)}</td>
            <td className={td} data-testid="quote-price">
              {formatIdr(q.price_idr, lang)}
            </td>
            <td className={td} data-testid="quote-material-per-gram">
              {formatIdr(q.price_per_gram_idr, lang)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function LaserQuoteTable({
  quotes,
  labels,
  lang,
}: {
  quotes: LaserQuoteRow[];
  labels: QuoteLabels;
  lang: Lang;
}) {
  return (
    <table className="w-full border-collapse text-sm" data-testid="laser-quotes">
      <thead>
        <tr className="border-b text-left text-stone-500">
          <th className="p-2">{labels.material}</th>
          <th className={th}>{labels.thickness}</th>
          <th className={th}>{labels.cutRate}</th>
          <th className={th}>{labels.pierceFee}</th>
          <th className={th}>{labels.price}</th>
        </tr>
      </thead>
      <tbody>
        {quotes.map((q) => (
          <tr key={`${q.material_id}-${q.thickness_mm}`} className="border-b" data-material={q.material_id}>
            <td className="p-2">{q.material_label}</td>
            <td className={td}>{formatFixed(q.thickness_mm, 1, lang)}</td>
            <td className={td}>{formatFixed(q.cut_rate_idr_per_mm, 2, lang)}</td>
            <td className={td}>{formatIdr(q.pierce_fee_idr, lang)}</td>
            <td className={td} data-testid="quote-price">
              {formatIdr(q.price_idr, lang)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
