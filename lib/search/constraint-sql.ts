import { sql, type SQL } from "drizzle-orm";
import { DEFAULT_CATALOG } from "@/lib/pricing";
import type { Constraint } from "./parse-constraints";

/** Weight as printed (or as cut): stored material volume × the query's material density, else the file's, else PLA's. */
const weightExpr = (density: number | null) => sql`(m.mass_volume_cm3 * coalesce(${density}, m.density_g_cm3, 1.24))`;

const COLUMN: Partial<Record<Constraint["attribute"], SQL>> = {
  size: sql`m.dim_max`,
  length: sql`m.dim_max`,
  width: sql`m.dim_mid`,
  thickness: sql`m.thickness_mm`,
  hole_count: sql`m.hole_count`,
  volume: sql`m.volume_cm3`,
};

/** Relative tolerance for "equal" measurements: shop numbers are nominal. */
export const tolerance = (value: number) => Math.max(0.15, value * 0.05);

export const printDensity = (materialIds: string[]): number | null =>
  DEFAULT_CATALOG.print_3d.materials.find((m) => materialIds.includes(m.id))?.density_g_cm3 ?? null;

/**
 * Hard filters: comparisons ("under 50 mm", "lebih dari 4 lubang") drop files
 * that fail or lack the measurement; stated values ("tebal 3 mm", "Ø10") drop
 * only files whose known value differs. Approximate sizes are boosts only.
 */
export function constraintFilter(c: Constraint, density: number | null): SQL | null {
  // "in PETG": the weight of a printed part, so drawings for cutting do not qualify.
  if (c.attribute === "weight" && density !== null && c.op !== "eq") {
    const compare = c.op === "lt" ? sql`< ${c.value}` : c.op === "gt" ? sql`> ${c.value}` : sql`BETWEEN ${c.value} AND ${c.max ?? c.value}`;
    return sql`(f.kind = 'mesh' AND ${weightExpr(density)} ${compare})`;
  }
  const column = c.attribute === "weight" ? weightExpr(density) : COLUMN[c.attribute];
  if (c.op === "lt" && column) return sql`${column} < ${c.value}`;
  if (c.op === "gt" && column) return sql`${column} > ${c.value}`;
  if (c.op === "between" && column) return sql`${column} BETWEEN ${c.value} AND ${c.max ?? c.value}`;
  const tol = tolerance(c.value);
  if (c.attribute === "thickness") return sql`(m.thickness_mm IS NULL OR abs(m.thickness_mm - ${c.value}) <= ${tol})`;
  if (c.attribute === "hole_count") return sql`(m.hole_count IS NULL OR m.hole_count = ${c.value})`;
  if (c.attribute === "diameter") {
    return sql`(EXISTS (SELECT 1 FROM json_each(m.hole_diameters) WHERE abs(value - ${c.value}) <= ${tol})
      OR (json_array_length(m.hole_diameters) = 0 AND coalesce(m.hole_count, 1) > 0)
      OR (m.shape_class IN ('cylinder', 'rod') AND abs(m.dim_mid - ${c.value}) <= ${tol}))`;
  }
  return null;
}

export interface NumericFacts {
  dimMax: number | null;
  dimMid: number | null;
  dimMin: number | null;
  thicknessMm: number | null;
  holeCount: number | null;
  holeDiameters: number[];
  volumeCm3: number | null;
  weightG: number | null;
}

const near = (a: number | null, b: number, tol = tolerance(b)) => a !== null && Math.abs(a - b) <= tol;

/** Soft evidence, 0–1 per constraint: the file states exactly the asked value (a filter already removed contradictions). */
export function constraintBoost(c: Constraint, f: NumericFacts): number {
  if (c.op !== "eq") return 1;
  switch (c.attribute) {
    case "thickness":
      return near(f.thicknessMm, c.value) ? 1 : 0;
    case "hole_count":
      return f.holeCount === c.value ? 1 : 0;
    case "diameter":
      return f.holeDiameters.some((d) => near(d, c.value)) || near(f.dimMid, c.value) ? 1 : 0;
    case "weight":
      return near(f.weightG, c.value, c.value * 0.15) ? 1 : 0;
    case "volume":
      return near(f.volumeCm3, c.value, c.value * 0.15) ? 1 : 0;
    default:
      return [f.dimMax, f.dimMid, f.dimMin].some((d) => near(d, c.value, c.value * 0.1)) ? 1 : 0;
  }
}

/** "200 x 100": the file's largest extents within 5 %. */
export const dimsMatch = (dims: number[], f: NumericFacts) =>
  [f.dimMax, f.dimMid, f.dimMin].slice(0, dims.length).every((d, i) => near(d, dims[i], Math.max(1, dims[i] * 0.05)));
