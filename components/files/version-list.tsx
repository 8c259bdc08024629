import type { listVersions } from "@/lib/files/list-versions";
import { formatIdr } from "@/lib/i18n/format";
import type { Lang, MessageKey } from "@/lib/i18n/messages";
import { formatBytes } from "@/lib/i18n/format";
import { formatDate, formatFixed } from "./format";

type Version = Awaited<ReturnType<typeof listVersions>>[number];

const METRIC_LABELS: Record<string, MessageKey> = {
  volume_cm3: "file.volume",
  surface_area_cm2: "file.area",
  triangles: "file.triangles",
  parts: "file.parts",
  cut_length_mm: "file.cutLength",
  pierce_count: "file.pierces",
  area_cm2: "file.laserArea",
};

/** Counts are whole; measurements keep two decimals even when a value happens to be whole. */
const COUNTS = new Set(["triangles", "parts", "pierce_count"]);

const signed = (text: string, value: number) => (value > 0 ? `+${text}` : text);

/** Newest first; each version says what changed since the one before, in the reader's language. */
export function VersionList({
  versions,
  t,
  lang,
}: {
  versions: Version[];
  t: (key: MessageKey) => string;
  lang: Lang;
}) {
  // A mesh's `parts` are its connected shells (touching parts weld into one), not a part count.
  const metric = (key: string, kind: string) =>
    key === "parts" && kind === "mesh"
      ? t("file.shells")
      : METRIC_LABELS[key]
        ? t(METRIC_LABELS[key])
        : key.replace(/_mm$/, " (mm)").replace("_", " ");
  return (
    <ol className="space-y-3" aria-label={t("file.versions")}>
      {versions.map((v) => (
        <li key={v.id} className="rounded border border-stone-200 bg-white p-3 text-sm" data-testid="version">
          <div className="flex flex-wrap items-baseline gap-x-3">
            <span className="font-semibold">
              {t("file.version")} {v.number}
            </span>
            <span className="text-stone-600">{v.original_name}</span>
            <span className="text-xs text-stone-500">
              {formatBytes(v.size_bytes, lang)} · {formatDate(v.created_at, lang)}
            </span>
          </div>
          <p className="mt-1" data-testid="version-summary">
            {v.diff ? v.diff.summary[lang] : t("file.firstVersion")}
          </p>
          {v.diff && (v.diff.changes.length > 0 || v.diff.reference_price) && (
            <table className="mt-2 w-full max-w-2xl border-collapse text-xs">
              <thead>
                <tr className="border-b text-left text-stone-500">
                  <th className="p-1">{t("file.metric")}</th>
                  <th className="p-1 text-right">{t("file.old")}</th>
                  <th className="p-1 text-right">{t("file.new")}</th>
                  <th className="p-1 text-right">Δ</th>
                  <th className="p-1 text-right">%</th>
                </tr>
              </thead>
              <tbody>
                {v.diff.changes.map((c) => {
                  const digits = COUNTS.has(c.metric) ? 0 : 2;
                  return (
                    <tr key={c.metric} className="border-b">
                      <td className="p-1">{metric(c.metric, v.kind)}</td>
                      <td className="p-1 text-right">{formatFixed(c.old, digits, lang)}</td>
                      <td className="p-1 text-right">{formatFixed(c.new, digits, lang)}</td>
                      <td className="p-1 text-right">{signed(formatFixed(c.change, digits, lang), c.change)}</td>
                      <td className="p-1 text-right">
                        {c.change_pct === null ? "—" : signed(formatFixed(c.change_pct, 1, lang), c.change_pct)}
                      </td>
                    </tr>
                  );
                })}
                {v.diff.reference_price && (
                  <tr>
                    <td className="p-1">{t("file.referencePrice")}</td>
                    <td className="p-1 text-right">{formatIdr(v.diff.reference_price.old_idr, lang)}</td>
                    <td className="p-1 text-right">{formatIdr(v.diff.reference_price.new_idr, lang)}</td>
                    <td className="p-1 text-right">
                      {signed(formatIdr(v.diff.reference_price.change_idr, lang), v.diff.reference_price.change_idr)}
                    </td>
                    <td className="p-1 text-right">
                      {v.diff.reference_price.change_pct === null
                        ? "—"
                        : signed(
                            formatFixed(v.diff.reference_price.change_pct, 1, lang),
                            v.diff.reference_price.change_pct,
                          )}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          )}
        </li>
      ))}
    </ol>
  );
}
