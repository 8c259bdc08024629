import type { LaserQuoteRow, PrintQuoteRow } from "@/lib/dashboard/quote-for-dashboard";
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

export function PrintQuoteTable({ quotes, labels, lang }: { quotes: PrintQuoteRow[]; labels: QuoteLabels; lang: Lang }) {
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
              {q.price_text}
            </td>
            <td className={td}>{q.per_gram_text}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function LaserQuoteTable({ quotes, labels, lang }: { quotes: LaserQuoteRow[]; labels: QuoteLabels; lang: Lang }) {
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
            <td className={td}>{q.pierce_fee_text}</td>
            <td className={td} data-testid="quote-price">
              {q.price_text}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
