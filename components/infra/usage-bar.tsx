import { formatBytes, formatPercent } from "@/lib/i18n/format";

/** used / quota as a labelled progressbar; amber from 80 %, red when full. */
export function UsageBar({
  used,
  quota,
  label,
  lang,
}: {
  used: number;
  quota: number;
  label: string;
  lang: "id" | "en";
}) {
  const percent = quota > 0 ? Math.min(100, (used / quota) * 100) : 0;
  const tone = percent >= 100 ? "bg-red-600" : percent >= 80 ? "bg-amber-500" : "bg-green-600";
  return (
    <div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={quota}
        aria-valuenow={used}
        className="h-2 w-40 overflow-hidden rounded bg-stone-200"
      >
        <div className={`h-full ${tone}`} style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-stone-500">
        {formatBytes(used, lang)} / {formatBytes(quota, lang)} (
        {formatPercent(percent, lang, percent > 0 && percent < 1 ? 1 : 0)})
      </p>
    </div>
  );
}
