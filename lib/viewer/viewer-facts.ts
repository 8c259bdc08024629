import type { FileRow, FileVersionRow } from "@/lib/files/get-file";
import { formatMeasure } from "@/lib/i18n/format";
import { translator, type Lang } from "@/lib/i18n/messages";

/** What the viewer's facts panel shows: a few measured numbers, nothing else of the file's record. */
export interface ViewerFacts {
  kind: "mesh" | "laser";
  name: string;
  format: string;
  version: number;
  /** The analysed extent in mm (arcs and curves by their true extent; the display form is flattened and quantised). */
  bbox_mm: { x: number; y: number; z?: number } | null;
  entries: { label: string; value: string }[];
}

/** In the viewer's language through the dashboard's formatter (lib/i18n/format.ts); small values keep three significant digits: a 1 mm cube is 0.001 cm³, not 0. */
function formatter(lang: Lang) {
  return (value: unknown, digits = 2) => (typeof value !== "number" ? "—" : formatMeasure(value, lang, digits));
}

export function viewerFactsFor(file: FileRow, version: FileVersionRow, lang: Lang = "en"): ViewerFacts {
  const g = version.analysis.geometry;
  const num = formatter(lang);
  const t = translator(lang);
  const entries =
    version.kind === "mesh"
      ? [
          { label: t("file.volume"), value: `${num(g.volume_cm3)} cm³` },
          { label: t("file.area"), value: `${num(g.surface_area_cm2)} cm²` },
          { label: t("viewer.manifold"), value: t(g.is_manifold ? "file.yes" : "file.no") },
          { label: t("file.triangles"), value: num(g.triangles, 0) },
          { label: t("file.parts"), value: num(g.parts, 0) },
        ]
      : [
          { label: t("file.cutLength"), value: `${num(g.cut_length_mm, 1)} mm` },
          { label: t("file.pierces"), value: num(g.pierce_count, 0) },
          { label: t("viewer.partArea"), value: `${num(g.area_cm2)} cm²` },
          { label: t("viewer.holes"), value: num(g.holes, 0) },
          { label: t("viewer.openContours"), value: num(g.open_contours, 0) },
        ];
  const box = g.bbox_mm as { x?: unknown; y?: unknown; z?: unknown } | undefined;
  const bbox_mm =
    box && typeof box.x === "number" && typeof box.y === "number" ? { x: box.x, y: box.y, ...(typeof box.z === "number" ? { z: box.z } : {}) } : null;
  return { kind: version.kind, name: file.name, format: version.format.toUpperCase(), version: version.number, bbox_mm, entries };
}
