import type { FileRow, FileVersionRow } from "@/lib/files/get-file";
import { formatMeasure } from "@/lib/i18n/format";
import { translator, type Lang } from "@/lib/i18n/messages";
import type { StoredAnalysis } from "@/db/schema";
import { fileStructure } from "@/lib/metadata/structure";
import type { ComponentMetadata } from "@/lib/metadata/types";

/** What the viewer's facts panel shows: a few measured numbers, nothing else of the file's record. */
export interface ViewerFacts {
  kind: "mesh" | "laser";
  name: string;
  format: string;
  version: number;
  /** The analysed extent in mm (arcs and curves by their true extent; the display form is flattened and quantised). */
  bbox_mm: { x: number; y: number; z?: number } | null;
  /** `title` is a short explanation shown as a tooltip (the shell count's, for one). */
  entries: { label: string; value: string; title?: string }[];
}

/**
 * How a mesh is built, from the version's own analysis (`components` are its named objects, one per
 * placed instance; `geometry.parts` its connected shells), by the same rules as the file's metadata
 * (lib/metadata/structure.ts), so the page needs no metadata row and always describes the version shown.
 * A STEP assembly of 18 placed parts is 18 components even when touching parts weld into 6 shells.
 */
type MeshAnalysis = Extract<StoredAnalysis, { kind: "mesh" }>;

export function meshStructure(analysis: Pick<MeshAnalysis, "geometry" | "components">): {
  components: number | null;
  distinct_parts: number | null;
  shells: number | null;
} {
  const named: ComponentMetadata[] = (analysis.components ?? [])
    .filter((c) => typeof c?.name === "string")
    .map((c) => ({ name: c.name, bbox_mm: { x: 0, y: 0 } }));
  const shells = typeof analysis.geometry.parts === "number" ? analysis.geometry.parts : null;
  // An analysis stored before components were listed says nothing about them.
  if (named.length === 0) return { components: null, distinct_parts: null, shells };
  const structure = fileStructure("mesh", named, shells);
  return { components: structure.components, distinct_parts: structure.distinct_parts, shells };
}

/** In the viewer's language through the dashboard's formatter (lib/i18n/format.ts); small values keep three significant digits: a 1 mm cube is 0.001 cm³, not 0. */
function formatter(lang: Lang) {
  return (value: unknown, digits = 2) => (typeof value !== "number" ? "—" : formatMeasure(value, lang, digits));
}

/** Components, distinct parts when some repeat, and shells with what they are (see `meshStructure`). */
export function structureEntries(
  analysis: Pick<MeshAnalysis, "geometry" | "components">,
  lang: Lang,
): { label: string; value: string; title?: string }[] {
  const t = translator(lang);
  const num = formatter(lang);
  const s = meshStructure(analysis);
  return [
    { label: t("file.components"), value: num(s.components, 0) },
    ...(s.distinct_parts !== s.components ? [{ label: t("file.distinctParts"), value: num(s.distinct_parts, 0) }] : []),
    { label: t("file.shells"), value: num(s.shells, 0), title: t("file.shellsHint") },
  ];
}

export function viewerFactsFor(file: FileRow, version: FileVersionRow, lang: Lang = "en"): ViewerFacts {
  const analysis = version.analysis;
  const g = analysis.geometry;
  const num = formatter(lang);
  const t = translator(lang);
  const entries =
    analysis.kind === "mesh"
      ? [
          { label: t("file.volume"), value: `${num(analysis.geometry.volume_cm3)} cm³` },
          { label: t("file.area"), value: `${num(analysis.geometry.surface_area_cm2)} cm²` },
          { label: t("viewer.manifold"), value: t(analysis.geometry.is_manifold ? "file.yes" : "file.no") },
          { label: t("file.triangles"), value: num(analysis.geometry.triangles, 0) },
          ...structureEntries(analysis, lang),
        ]
      : [
          { label: t("file.cutLength"), value: `${num(analysis.geometry.cut_length_mm, 1)} mm` },
          { label: t("file.pierces"), value: num(analysis.geometry.pierce_count, 0) },
          { label: t("viewer.partArea"), value: `${num(analysis.geometry.area_cm2)} cm²` },
          { label: t("viewer.holes"), value: num(analysis.geometry.holes, 0) },
          { label: t("viewer.openContours"), value: num(analysis.geometry.open_contours, 0) },
        ];
  const box = g.bbox_mm as { x?: unknown; y?: unknown; z?: unknown } | undefined;
  const bbox_mm =
    box && typeof box.x === "number" && typeof box.y === "number"
      ? { x: box.x, y: box.y, ...(typeof box.z === "number" ? { z: box.z } : {}) }
      : null;
  return {
    kind: version.kind,
    name: file.name,
    format: version.format.toUpperCase(),
    version: version.number,
    bbox_mm,
    entries,
  };
}
