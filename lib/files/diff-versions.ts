import type { StoredAnalysis } from "@/db/schema";
import { DEFAULT_CATALOG, price3dPrint, priceLaser, type FamilyFigures, type PriceCatalog } from "@/lib/pricing";
import type { FileVersionRow } from "./get-file";

interface Metric {
  key: string;
  label: { en: string; id: string };
  unit: string;
  digits: number;
  /** Reads defensively: versions stored by older releases may lack a figure. */
  read: (g: Record<string, unknown>) => number | undefined;
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const bbox = (axis: "x" | "y" | "z") => (g: Record<string, unknown>) =>
  num((g.bbox_mm as Record<string, unknown> | undefined)?.[axis]);

const MESH_METRICS: Metric[] = [
  { key: "volume_cm3", label: { en: "Volume", id: "Volume" }, unit: "cm³", digits: 1, read: (g) => num(g.volume_cm3) },
  {
    key: "surface_area_cm2",
    label: { en: "Area", id: "Luas" },
    unit: "cm²",
    digits: 1,
    read: (g) => num(g.surface_area_cm2),
  },
  { key: "bbox_x_mm", label: { en: "bbox X", id: "bbox X" }, unit: "mm", digits: 1, read: bbox("x") },
  { key: "bbox_y_mm", label: { en: "bbox Y", id: "bbox Y" }, unit: "mm", digits: 1, read: bbox("y") },
  { key: "bbox_z_mm", label: { en: "bbox Z", id: "bbox Z" }, unit: "mm", digits: 1, read: bbox("z") },
  { key: "triangles", label: { en: "Triangles", id: "Segitiga" }, unit: "", digits: 0, read: (g) => num(g.triangles) },
  { key: "parts", label: { en: "Parts", id: "Bagian" }, unit: "", digits: 0, read: (g) => num(g.parts) },
];

const LASER_METRICS: Metric[] = [
  {
    key: "cut_length_mm",
    label: { en: "Cut length", id: "Panjang potong" },
    unit: "mm",
    digits: 1,
    read: (g) => num(g.cut_length_mm),
  },
  {
    key: "pierce_count",
    label: { en: "Pierces", id: "Tembakan" },
    unit: "",
    digits: 0,
    read: (g) => num(g.pierce_count),
  },
  { key: "area_cm2", label: { en: "Area", id: "Luas" }, unit: "cm²", digits: 1, read: (g) => num(g.area_cm2) },
  { key: "bbox_x_mm", label: { en: "bbox X", id: "bbox X" }, unit: "mm", digits: 1, read: bbox("x") },
  { key: "bbox_y_mm", label: { en: "bbox Y", id: "bbox Y" }, unit: "mm", digits: 1, read: bbox("y") },
  { key: "parts", label: { en: "Parts", id: "Bagian" }, unit: "", digits: 0, read: (g) => num(g.parts) },
];

export interface MetricChange {
  metric: string;
  old: number;
  new: number;
  change: number;
  change_pct: number | null;
}

export interface VersionDiff {
  against_version: number;
  bytes_changed: boolean;
  size_change_bytes: number;
  kind_changed: boolean;
  changes: MetricChange[];
  reference_price: {
    basis: PriceBasis;
    old_idr: number;
    new_idr: number;
    change_idr: number;
    change_pct: number | null;
  } | null;
  summary: { en: string; id: string };
}

/** The reference quote a diff prices: PLA at 20 % infill for meshes, 2 mm mild steel for drawings. */
type PriceBasis = "pla_20_infill" | "mild_steel_2mm";

function referencePrice(
  analysis: StoredAnalysis,
  catalog: PriceCatalog,
  figures: Record<string, FamilyFigures>,
): { basis: PriceBasis; idr: number } | null {
  try {
    if (analysis.kind === "mesh") {
      const g = analysis.geometry;
      const [pla] = price3dPrint(
        { volume_cm3: g.volume_cm3, surface_area_cm2: g.surface_area_cm2 },
        { infill_percent: 20, materials: ["pla"] },
        catalog,
        figures,
      );
      return { basis: "pla_20_infill", idr: pla.price_idr };
    }
    const g = analysis.geometry;
    const steel = priceLaser({ cut_length_mm: g.cut_length_mm, pierce_count: g.pierce_count }, catalog).find(
      (q) => q.material_id === "mild_steel" && q.thickness_mm === 2,
    );
    return steel ? { basis: "mild_steel_2mm", idr: steel.price_idr } : null;
  } catch {
    return null; // geometry the pricer refuses (e.g. empty) simply has no reference price
  }
}

const pct = (from: number, to: number) => (from === 0 ? null : ((to - from) / Math.abs(from)) * 100);
const signed = (v: number, digits: number) => `${v >= 0 ? "+" : ""}${v.toFixed(digits)}`;

/**
 * What changed from `prev` to `next`: bytes, each measurement (old, new, absolute and %), the reference price, and a
 * one-line summary in English and Indonesian. `figures` are each version's stored print estimates (a quote's own
 * method); without them the reference price uses the volume fallback.
 */
export function diffVersions(
  prev: FileVersionRow,
  next: FileVersionRow,
  catalog: PriceCatalog = DEFAULT_CATALOG,
  figures: { prev: Record<string, FamilyFigures>; next: Record<string, FamilyFigures> } = { prev: {}, next: {} },
): VersionDiff {
  const kindChanged = prev.analysis.kind !== next.analysis.kind;
  const metrics = next.analysis.kind === "mesh" ? MESH_METRICS : LASER_METRICS;
  const changes: MetricChange[] = [];
  const phrases = { en: [] as string[], id: [] as string[] };
  if (!kindChanged) {
    for (const m of metrics) {
      const [a, b] = [m.read({ ...prev.analysis.geometry }), m.read({ ...next.analysis.geometry })];
      if (a === undefined || b === undefined || Math.abs(b - a) <= 1e-9 * Math.max(1, Math.abs(a))) continue;
      const change = { metric: m.key, old: a, new: b, change: b - a, change_pct: pct(a, b) };
      changes.push(change);
      const span = `${a.toFixed(m.digits)} → ${b.toFixed(m.digits)}${m.unit ? ` ${m.unit}` : ""}`;
      const rel = change.change_pct === null ? "" : `${signed(change.change_pct, 1)}% `;
      const text = (label: string) => (m.key.startsWith("bbox") ? `${label} ${span}` : `${label} ${rel}(${span})`);
      phrases.en.push(text(m.label.en));
      phrases.id.push(text(m.label.id).replace(/(\d)\.(\d)/g, "$1,$2"));
    }
  }
  const [oldPrice, newPrice] = [
    referencePrice(prev.analysis, catalog, figures.prev),
    referencePrice(next.analysis, catalog, figures.next),
  ];
  const reference =
    oldPrice && newPrice && oldPrice.basis === newPrice.basis
      ? {
          basis: newPrice.basis,
          old_idr: oldPrice.idr,
          new_idr: newPrice.idr,
          change_idr: newPrice.idr - oldPrice.idr,
          change_pct: pct(oldPrice.idr, newPrice.idr),
        }
      : null;
  const bytesChanged = prev.sha256 !== next.sha256;
  const summary = !bytesChanged
    ? { en: "Identical content", id: "Isi identik" }
    : kindChanged
      ? {
          en: `Changed from ${prev.analysis.kind} to ${next.analysis.kind}`,
          id: `Berubah dari ${prev.analysis.kind} ke ${next.analysis.kind}`,
        }
      : changes.length === 0
        ? { en: "File changed; measurements unchanged", id: "File berubah; ukuran tetap" }
        : { en: phrases.en.join("; "), id: phrases.id.join("; ") };
  return {
    against_version: prev.number,
    bytes_changed: bytesChanged,
    size_change_bytes: next.sizeBytes - prev.sizeBytes,
    kind_changed: kindChanged,
    changes,
    reference_price: reference,
    summary,
  };
}
