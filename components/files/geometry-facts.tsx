import type { StoredAnalysis } from "@/db/schema";
import type { Lang, MessageKey } from "@/lib/i18n/messages";
import { formatFixed } from "./format";
import { warningText } from "@/lib/i18n/warnings";
import { meshStructure } from "@/lib/viewer/viewer-facts";

type Geometry = Record<string, unknown> & {
  bbox_mm?: { x: number; y: number; z?: number };
  warnings?: { code: string; message: string }[];
};

/**
 * The measurements that drive the price: volume and area for meshes; cut length and pierces for drawings.
 * A mesh also says how it is built: its named components, the distinct parts among them when some repeat,
 * and its shells (connected pieces, which touching parts share, so never labelled as a part count).
 */
export function GeometryFacts({
  analysis,
  t,
  lang,
}: {
  analysis: StoredAnalysis;
  t: (key: MessageKey) => string;
  lang: Lang;
}) {
  // Read defensively, by name: versions stored by older releases may lack a figure.
  const g: Geometry = { ...analysis.geometry };
  const n = (key: string, digits: number) =>
    typeof g[key] === "number" ? formatFixed(g[key] as number, digits, lang) : "—";
  const box = g.bbox_mm
    ? [g.bbox_mm.x, g.bbox_mm.y, g.bbox_mm.z]
        .filter((v) => v !== undefined)
        .map((v) => formatFixed(v!, 1, lang))
        .join(" × ") + " mm"
    : "—";
  const structure = analysis.kind === "mesh" ? meshStructure(analysis) : null;
  const count = (value: number | null) => (value === null ? "—" : formatFixed(value, 0, lang));
  const facts: [MessageKey, string, string?][] =
    analysis.kind === "mesh"
      ? [
          ["file.volume", `${n("volume_cm3", 2)} cm³`],
          ["file.area", `${n("surface_area_cm2", 2)} cm²`],
          ["file.bbox", box],
          ["file.manifold", g.is_manifold ? t("file.yes") : t("file.no")],
          ["file.triangles", n("triangles", 0)],
          ["file.components", count(structure!.components)],
          ...(structure!.distinct_parts !== structure!.components
            ? [["file.distinctParts", count(structure!.distinct_parts)] as [MessageKey, string]]
            : []),
          ["file.shells", count(structure!.shells), t("file.shellsHint")],
        ]
      : [
          ["file.cutLength", `${n("cut_length_mm", 1)} mm`],
          ["file.pierces", n("pierce_count", 0)],
          ["file.bbox", box],
          ["file.laserArea", `${n("area_cm2", 2)} cm²`],
          ["file.parts", n("parts", 0)],
        ];
  return (
    <section className="rounded border border-stone-200 bg-white p-4 text-sm" aria-label={t("file.geometry")}>
      <h2 className="font-medium text-stone-500">{t("file.geometry")}</h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        {facts.map(([label, value, hint]) => (
          <div key={label} className="contents">
            <dt className="text-stone-500">
              {hint ? (
                <abbr
                  title={hint}
                  className="cursor-help no-underline decoration-dotted hover:underline"
                  data-testid={`fact-${label.slice(5)}-label`}
                >
                  {t(label)}
                </abbr>
              ) : (
                t(label)
              )}
            </dt>
            <dd data-testid={`fact-${label.slice(5)}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {g.warnings && g.warnings.length > 0 && (
        <div className="mt-3">
          <h3 className="font-medium text-amber-800">{t("file.warnings")}</h3>
          <ul className="list-disc pl-5 text-amber-800" data-testid="geometry-warnings">
            {g.warnings.map((w) => (
              <li key={w.code} data-code={w.code}>
                {warningText(w, lang)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
