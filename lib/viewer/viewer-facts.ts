import type { FileRow, FileVersionRow } from "@/lib/files/get-file";

/** What the viewer's facts panel shows: a few measured numbers, nothing else of the file's record. */
export interface ViewerFacts {
  kind: "mesh" | "laser";
  name: string;
  format: string;
  version: number;
  entries: { label: string; value: string }[];
}

/** Small values keep three significant digits: a 1 mm cube is 0.001 cm³, not 0. */
const num = (value: unknown, digits = 2) =>
  typeof value !== "number"
    ? "—"
    : value !== 0 && Math.abs(value) < 1
      ? value.toLocaleString("en-US", { maximumSignificantDigits: 3 })
      : value.toLocaleString("en-US", { maximumFractionDigits: digits });

export function viewerFactsFor(file: FileRow, version: FileVersionRow): ViewerFacts {
  const g = version.analysis.geometry;
  const entries =
    version.kind === "mesh"
      ? [
          { label: "Volume", value: `${num(g.volume_cm3)} cm³` },
          { label: "Surface area", value: `${num(g.surface_area_cm2)} cm²` },
          { label: "Manifold", value: g.is_manifold ? "yes" : "no" },
          { label: "Triangles", value: num(g.triangles, 0) },
          { label: "Parts", value: num(g.parts, 0) },
        ]
      : [
          { label: "Cut length", value: `${num(g.cut_length_mm, 1)} mm` },
          { label: "Pierces", value: num(g.pierce_count, 0) },
          { label: "Part area", value: `${num(g.area_cm2)} cm²` },
          { label: "Holes", value: num(g.holes, 0) },
          { label: "Open contours", value: num(g.open_contours, 0) },
        ];
  return { kind: version.kind, name: file.name, format: version.format.toUpperCase(), version: version.number, entries };
}
