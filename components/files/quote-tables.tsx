import type { LaserQuote, PrintQuote } from "@/lib/pricing";
import { formatIdr } from "@/lib/i18n/format";
import type { Lang } from "@/lib/i18n/messages";
import { formatFixed } from "./format";

export type QuoteLabels = Record<
  "material" | "weight" | "time" | "price" | "perGram" | "thickness" | "cutRate" | "pierceFee" | "infill" | "updating" | "warnings",
  string
>;

const th = "p-2 text-right";
const td = "p-2 text-right tabular-nums";

function duration(minutes: number, lang: Lang): string {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  return lang === "id" ? `${h} jam ${m} mnt` : `${h} h ${m} min`;
}

export function PrintQuoteTable({ quotes, labels, lang }: { quotes: PrintQuote[]; labels: QuoteLabels; lang: Lang }) {
  return (
    <table className="w-full border-collapse text-sm" data-testid="print-quotes">
      <thead>
        <tr className="border-b text-left text-stone-500">
          <th className="p-2">{labels.material}</th>
          <th className={th}>{labels.weight}</th>
          <th className={th}>{labels.time}</th>
          <th className={th}>{labels.price}</th>
          <th className={th}>{labels.perGram}</th>
        </tr>
      </thead>
      <tbody>
        {quotes.map((q) => (
          <tr key={q.material_id} className="border-b" data-material={q.material_id}>
            <td className="p-2">{q.material_label}</td>
            <td className={td}>{formatFixed(q.weight_g, 1, lang)}</td>
            <td className={td}>{duration(q.print_time_min, lang)}</td>
            <td className={td} data-testid="quote-price">
              {formatIdr(q.price_idr)}
            </td>
            {/* Setup included, so small parts cost more per gram than the material rate. */}
            <td className={td}>{q.weight_g > 0 ? formatIdr(Math.round(q.price_idr / q.weight_g)) : "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function LaserQuoteTable({ quotes, labels, lang }: { quotes: LaserQuote[]; labels: QuoteLabels; lang: Lang }) {
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
            <td className={td}>{formatIdr(q.pierce_fee_idr)}</td>
            <td className={td} data-testid="quote-price">
              {formatIdr(q.price_idr)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
