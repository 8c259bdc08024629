import type { FileRow, FileVersionRow } from "@/lib/files/get-file";
import type { Lang } from "@/lib/i18n/messages";

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

const LABELS = {
  en: {
    volume: "Volume",
    area: "Surface area",
    manifold: "Manifold",
    yes: "yes",
    no: "no",
    triangles: "Triangles",
    parts: "Parts",
    cutLength: "Cut length",
    pierces: "Pierces",
    partArea: "Part area",
    holes: "Holes",
    openContours: "Open contours",
  },
  id: {
    volume: "Volume",
    area: "Luas permukaan",
    manifold: "Manifold",
    yes: "ya",
    no: "tidak",
    triangles: "Segitiga",
    parts: "Bagian",
    cutLength: "Panjang potong",
    pierces: "Tembakan",
    partArea: "Luas bagian",
    holes: "Lubang",
    openContours: "Kontur terbuka",
  },
} satisfies Record<Lang, Record<string, string>>;

/** In the viewer's language (decimal comma in Indonesian); small values keep three significant digits: a 1 mm cube is 0.001 cm³, not 0. */
function formatter(lang: Lang) {
  const locale = lang === "id" ? "id-ID" : "en-US";
  return (value: unknown, digits = 2) =>
    typeof value !== "number"
      ? "—"
      : value !== 0 && Math.abs(value) < 1
        ? value.toLocaleString(locale, { maximumSignificantDigits: 3 })
        : value.toLocaleString(locale, { maximumFractionDigits: digits });
}

export function viewerFactsFor(file: FileRow, version: FileVersionRow, lang: Lang = "en"): ViewerFacts {
  const g = version.analysis.geometry;
  const num = formatter(lang);
  const l = LABELS[lang];
  const entries =
    version.kind === "mesh"
      ? [
          { label: l.volume, value: `${num(g.volume_cm3)} cm³` },
          { label: l.area, value: `${num(g.surface_area_cm2)} cm²` },
          { label: l.manifold, value: g.is_manifold ? l.yes : l.no },
          { label: l.triangles, value: num(g.triangles, 0) },
          { label: l.parts, value: num(g.parts, 0) },
        ]
      : [
          { label: l.cutLength, value: `${num(g.cut_length_mm, 1)} mm` },
          { label: l.pierces, value: num(g.pierce_count, 0) },
          { label: l.partArea, value: `${num(g.area_cm2)} cm²` },
          { label: l.holes, value: num(g.holes, 0) },
          { label: l.openContours, value: num(g.open_contours, 0) },
        ];
  const box = g.bbox_mm as { x?: unknown; y?: unknown; z?: unknown } | undefined;
  const bbox_mm =
    box && typeof box.x === "number" && typeof box.y === "number" ? { x: box.x, y: box.y, ...(typeof box.z === "number" ? { z: box.z } : {}) } : null;
  return { kind: version.kind, name: file.name, format: version.format.toUpperCase(), version: version.number, bbox_mm, entries };
}
