import { sql, type SQL } from "drizzle-orm";
import type { SearchDialect } from "./search-dialect";
import { DEFAULT_CATALOG } from "@/lib/pricing";
import type { Attribute, Constraint } from "./parse-constraints";

/**
 * Numbers in a query rank files; they do not filter them (docs/search.md, "Numbers rank").
 *
 * Each constraint has a *met* range of values. A file's `miss` is how far its
 * value lies outside that range, relative to the asked value (for counts, to
 * max(asked, 2): 4 asked, 5 found → 0.25). miss 0 → `met`; 0 < miss ≤ NEAR →
 * `near` (ranked after the files that meet every number, the further the
 * lower); beyond NEAR the file does not answer the number and is left out; a
 * file without the measurement is `unknown` (ranked with the near misses).
 */
export const NEAR = 0.5;

/** Weight as printed (or as cut): stored material volume × the query's material density, else the file's, else PLA's. */
const weightExpr = (density: number | null) => sql`(m.mass_volume_cm3 * coalesce(${density}, m.density_g_cm3, 1.24))`;

/** Relative tolerance for "equal" measurements: shop numbers are nominal. */
export const tolerance = (value: number) => Math.max(0.15, value * 0.05);

export const printDensity = (materialIds: string[]): number | null =>
  DEFAULT_CATALOG.print_3d.materials.find((m) => materialIds.includes(m.id))?.density_g_cm3 ?? null;

export interface NumericFacts {
  dimMax: number | null;
  dimMid: number | null;
  dimMin: number | null;
  thicknessMm: number | null;
  holeCount: number | null;
  holeDiameters: number[];
  volumeCm3: number | null;
  weightG: number | null;
  shapeClass: string | null;
}

export type ConstraintStatus = "met" | "near" | "unknown" | "far";

export interface ConstraintCheck {
  text: string;
  attribute: Attribute | "dims";
  status: ConstraintStatus;
  /** The file's value that was compared (the closest one when several could answer), null when unknown. */
  actual: number | null;
  /** Relative distance outside the met range (0 when met; null when unknown). */
  miss: number | null;
}

/** What a constraint accepts: a closed range [lo, hi] of values and the scale its miss is measured in. */
interface Range {
  lo: number;
  hi: number;
  scale: number;
}

const isCount = (c: Constraint) => c.attribute === "hole_count";

function rangeOf(c: Constraint): Range {
  const v = c.value;
  if (isCount(c)) {
    const scale = Math.max(v, 2);
    if (c.op === "lt") return { lo: -Infinity, hi: v - 1, scale };
    if (c.op === "gt") return { lo: v + 1, hi: Infinity, scale };
    if (c.op === "between") return { lo: v, hi: c.max ?? v, scale };
    return { lo: v, hi: v, scale };
  }
  if (c.op === "lt") return { lo: -Infinity, hi: v, scale: v };
  if (c.op === "gt") return { lo: v, hi: Infinity, scale: v };
  if (c.op === "between") return { lo: v, hi: c.max ?? v, scale: v };
  // Stated values: thickness and diameters within 5 % (≥ 0.15 mm), weight and volume 15 %, approximate sizes 10 %.
  const tol =
    c.attribute === "weight" || c.attribute === "volume"
      ? v * 0.15
      : c.attribute === "size" || c.attribute === "length" || c.attribute === "width"
        ? v * 0.1
        : tolerance(v);
  return { lo: v - tol, hi: v + tol, scale: v };
}

const missOf = (value: number, r: Range) =>
  (value < r.lo ? r.lo - value : value > r.hi ? value - r.hi : 0) / (r.scale || 1);

/** The values of a file that could answer a constraint ("50 mm bracket": any extent; "Ø10": any hole, or a round bar's diameter). */
function candidates(c: Constraint, f: NumericFacts): number[] | null {
  const known = (...vs: (number | null)[]) => {
    const out = vs.filter((v): v is number => v !== null);
    return out.length ? out : null;
  };
  switch (c.attribute) {
    case "thickness":
      return known(f.thicknessMm);
    case "hole_count":
      return known(f.holeCount);
    case "weight":
      return known(f.weightG);
    case "volume":
      return known(f.volumeCm3);
    case "width":
      return known(f.dimMid);
    case "diameter": {
      const round = f.shapeClass === "cylinder" || f.shapeClass === "rod" ? [f.dimMid] : [];
      const values = known(...f.holeDiameters, ...round);
      // Holes whose sizes nobody measured (mesh holes, drawings read from stored facts only) may be the asked ones.
      if (!values && f.holeCount !== 0) return null;
      return values ?? [];
    }
    case "size":
    case "length":
      return c.op === "eq" ? known(f.dimMax, f.dimMid, f.dimMin) : known(f.dimMax);
  }
}

const statusOf = (miss: number): ConstraintStatus => (miss === 0 ? "met" : miss <= NEAR ? "near" : "far");

export function checkConstraint(c: Constraint, f: NumericFacts): ConstraintCheck {
  const base = { text: c.text, attribute: c.attribute };
  const values = candidates(c, f);
  if (values === null) return { ...base, status: "unknown", actual: null, miss: null };
  if (!values.length) return { ...base, status: "far", actual: null, miss: Infinity };
  const r = rangeOf(c);
  const best = values.map((value) => ({ value, miss: missOf(value, r) })).sort((a, b) => a.miss - b.miss)[0];
  return { ...base, status: statusOf(best.miss), actual: best.value, miss: Math.round(best.miss * 1000) / 1000 };
}

/** "200 x 100": the file's largest extents, each within 5 % (≥ 1 mm); the miss is the worst extent's. */
export function checkDims(dims: number[], text: string, f: NumericFacts): ConstraintCheck {
  const extents = [f.dimMax, f.dimMid, f.dimMin].slice(0, dims.length);
  if (extents.some((e) => e === null)) return { text, attribute: "dims", status: "unknown", actual: null, miss: null };
  const miss = Math.max(...dims.map((d, i) => Math.max(0, Math.abs(extents[i]! - d) - Math.max(1, d * 0.05)) / d));
  return { text, attribute: "dims", status: statusOf(miss), actual: extents[0], miss: Math.round(miss * 1000) / 1000 };
}

/**
 * How well a file answers the numbers, 0–1: 1 when it meets them all; a near
 * miss counts 1 − miss/(2·NEAR) (0.5–1), an unknown value 0.5, multiplied
 * over the constraints.
 */
export const numericFit = (checks: ConstraintCheck[]) =>
  checks.reduce(
    (fit, c) =>
      fit *
      (c.status === "met" ? 1 : c.status === "near" ? 1 - c.miss! / (2 * NEAR) : c.status === "unknown" ? 0.5 : 0),
    1,
  );

// SQL side: the same ranges, used to pick candidates (near or better, or unknown) and to fetch the files that meet every number first.

const COLUMN: Record<Exclude<Attribute, "diameter" | "weight">, SQL> = {
  size: sql`m.dim_max`,
  length: sql`m.dim_max`,
  width: sql`m.dim_mid`,
  thickness: sql`m.thickness_mm`,
  hole_count: sql`m.hole_count`,
  volume: sql`m.volume_cm3`,
};

function within(column: SQL, lo: number, hi: number): SQL {
  if (lo === -Infinity && hi === Infinity) return sql`${column} IS NOT NULL`;
  if (lo === -Infinity) return sql`${column} <= ${hi}`;
  if (hi === Infinity) return sql`${column} >= ${lo}`;
  return sql`${column} BETWEEN ${lo} AND ${hi}`;
}

const widen = (r: Range, by: number): Range => ({ ...r, lo: r.lo - by * r.scale, hi: r.hi + by * r.scale });

/** The SQL for "the file's value is in the range widened by `by` (0: met, NEAR: near), or unknown when `unknown`". */
function constraintSql(d: SearchDialect, c: Constraint, density: number | null, by: number, unknown: boolean): SQL {
  const r = widen(rangeOf(c), by);
  const orUnknown = (cond: SQL, column: SQL) =>
    unknown ? sql`(${column} IS NULL OR ${cond})` : sql`coalesce(${cond}, FALSE)`;
  if (c.attribute === "weight") {
    const expr = weightExpr(density);
    return orUnknown(within(expr, r.lo, r.hi), expr);
  }
  if (c.attribute === "diameter") {
    return sql`(EXISTS (SELECT 1 FROM ${d.jsonNumbers(sql`m.hole_diameters`)} WHERE ${within(sql`value`, r.lo, r.hi)})
      OR (m.shape_class IN ('cylinder', 'rod') AND coalesce(${within(sql`m.dim_mid`, r.lo, r.hi)}, FALSE))
      ${unknown ? sql`OR (${d.jsonLength(sql`m.hole_diameters`)} = 0 AND coalesce(m.hole_count, 1) > 0)` : sql``})`;
  }
  if ((c.attribute === "size" || c.attribute === "length") && c.op === "eq") {
    return sql`(coalesce(${within(sql`m.dim_max`, r.lo, r.hi)}, FALSE) OR coalesce(${within(sql`m.dim_mid`, r.lo, r.hi)}, FALSE) OR coalesce(${within(sql`m.dim_min`, r.lo, r.hi)}, FALSE))`;
  }
  const column = COLUMN[c.attribute];
  return orUnknown(within(column, r.lo, r.hi), column);
}

function dimsSql(dims: number[], by: number, unknown: boolean): SQL {
  const columns = [sql`m.dim_max`, sql`m.dim_mid`, sql`m.dim_min`];
  return sql.join(
    dims.map((d, i) => {
      const tol = Math.max(1, d * 0.05) + by * d;
      const cond = within(columns[i], d - tol, d + tol);
      return unknown ? sql`(${columns[i]} IS NULL OR ${cond})` : sql`coalesce(${cond}, FALSE)`;
    }),
    sql` AND `,
  );
}

/** Files that could be returned: every number near or met, or unknown. */
export function nearSql(
  d: SearchDialect,
  constraints: Constraint[],
  dims: number[] | null,
  density: number | null,
): SQL[] {
  return [
    ...constraints.map((c) => constraintSql(d, c, density, NEAR, true)),
    ...(dims ? [dimsSql(dims, NEAR, true)] : []),
  ];
}

/** 1 when the file meets every number (used to fetch those candidates first), else 0. */
export function metSql(
  d: SearchDialect,
  constraints: Constraint[],
  dims: number[] | null,
  density: number | null,
): SQL {
  const all = [
    ...constraints.map((c) => constraintSql(d, c, density, 0, false)),
    ...(dims ? [dimsSql(dims, 0, false)] : []),
  ];
  return all.length ? sql`(CASE WHEN ${sql.join(all, sql` AND `)} THEN 1 ELSE 0 END)` : sql`1`;
}

/** "in PETG": the weight of a printed part, so drawings for cutting do not qualify (a kind, not a number: stays a filter). */
export function printedOnlySql(constraints: Constraint[], density: number | null): SQL | null {
  return density !== null && constraints.some((c) => c.attribute === "weight") ? sql`f.kind = 'mesh'` : null;
}
