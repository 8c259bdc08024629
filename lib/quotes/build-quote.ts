import type { MeshGeometry } from "@/lib/geometry/types";
import type { LaserGeometry as DrawingGeometry } from "@/lib/laser/types";
import {
  price3dPrint,
  priceLaser,
  type FamilyFigures,
  type PriceCatalog,
  type PrintQuote,
  type LaserQuote,
} from "@/lib/pricing";
import { fitsMachine, type MachineLimits } from "./machine-limits";

export interface QuoteWarning {
  code: string;
  message: string;
}

export interface PrintQuoteParams {
  infill_percent: number;
  materials?: string[];
  quantity: number;
  /** Support material: none (default) or PrusaSlicer-style automatic supports. */
  supports?: "none" | "auto";
}

/** Geometry, per-material quotes and warnings: what both quote surfaces (API, CLI) show. */
export interface BuiltQuote<G, Q> {
  geometry: Omit<G, "warnings">;
  quotes: Q[];
  warnings: QuoteWarning[];
}

// Dividing by the inverse step keeps decimals clean (12.14, not 12.140000000000001).
const round2 = (value: number) => Math.round(value * 100) / 100;
const round1 = (value: number) => Math.round(value * 10) / 10;
const round3 = (value: number) => Math.round(value * 1000) / 1000;

function splitWarnings<G extends { warnings: QuoteWarning[] }>(geometry: G): [Omit<G, "warnings">, QuoteWarning[]] {
  const { warnings, ...rest } = geometry;
  return [rest, [...warnings]];
}

const mm = (value: number) => String(Number(value.toFixed(1)));

/**
 * 3D-print quotes for a measured mesh. Display fields (volume, weight, time) are
 * rounded; `breakdown` stays unrounded so it still sums to the price before
 * `price_idr`'s rounding to 100 IDR.
 */
export function buildPrintQuote(
  geometry: MeshGeometry,
  params: PrintQuoteParams,
  catalog: PriceCatalog,
  limits: MachineLimits,
  estimate: { figures: Record<string, FamilyFigures>; warnings: QuoteWarning[] } = { figures: {}, warnings: [] },
): BuiltQuote<MeshGeometry, PrintQuote> {
  const [rest, warnings] = splitWarnings(geometry);
  const { x, y, z } = geometry.bbox_mm;
  if (!fitsMachine([x, y, z], limits.printerVolumeMm)) {
    warnings.push({
      code: "EXCEEDS_BUILD_VOLUME",
      message: `The part (${mm(x)} × ${mm(y)} × ${mm(z)} mm) does not fit the ${limits.printerVolumeMm.join(" × ")} mm build volume in any axis-aligned orientation; it would have to be split.`,
    });
  }
  warnings.push(...estimate.warnings);
  const { supports: _supports, ...pricing } = params;
  const quotes = price3dPrint(geometry, pricing, catalog, estimate.figures).map((q) => ({
    ...q,
    material_volume_cm3: round3(q.material_volume_cm3),
    weight_g: round2(q.weight_g),
    print_time_min: round1(q.print_time_min),
  }));
  return { geometry: rest, quotes, warnings };
}

/** Laser quotes (every offered material and thickness) for a measured drawing. */
export function buildLaserQuote(
  geometry: DrawingGeometry,
  catalog: PriceCatalog,
  limits: MachineLimits,
): BuiltQuote<DrawingGeometry, LaserQuote> {
  const [rest, warnings] = splitWarnings(geometry);
  const { x, y } = geometry.bbox_mm;
  if (!fitsMachine([x, y], limits.laserBedMm)) {
    warnings.push({
      code: "EXCEEDS_BUILD_VOLUME",
      message: `The part (${mm(x)} × ${mm(y)} mm) does not fit the ${limits.laserBedMm.join(" × ")} mm laser bed in either orientation.`,
    });
  }
  return { geometry: rest, quotes: priceLaser(geometry, catalog), warnings };
}
