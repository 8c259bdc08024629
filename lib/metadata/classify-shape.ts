import type { ShapeClass } from "./types";

/**
 * Shape class from extents and volume alone (documented in docs/search.md).
 * Mesh, with extents a ≥ b ≥ c, fill = volume / (a·b·c) and wall ≈ 2·volume / area:
 *   plate        c ≤ 0.15·b and fill ≥ 0.5 (two large extents, one small)
 *   thin_walled  fill < 0.35 and wall ≤ 0.15·c (a shell: enclosures, cups, ducts)
 *   cylinder/rod two extents within 10 % and fill 0.65–0.85 (π/4 = 0.785); rod when the axis ≥ 3× the diameter
 *   block        fill ≥ 0.85
 *   complex      anything else
 * Laser: plate when the part fills ≥ 70 % of its bounding rectangle, else sheet_part (a profiled cut).
 */
export function classifyMesh(
  bbox: { x: number; y: number; z: number },
  volumeCm3: number,
  areaCm2: number,
): ShapeClass {
  const [a, b, c] = [bbox.x, bbox.y, bbox.z].sort((p, q) => q - p);
  if (a <= 0 || c <= 0) return "complex";
  const volume = volumeCm3 * 1000;
  const fill = volume / (a * b * c);
  const wall = areaCm2 > 0 ? (2 * volume) / (areaCm2 * 100) : Infinity;
  if (c <= 0.15 * b && fill >= 0.5) return "plate";
  if (fill < 0.35 && wall <= 0.15 * c) return "thin_walled";
  if (fill >= 0.65 && fill <= 0.85) {
    if (b / a >= 0.9) return "cylinder";
    if (c / b >= 0.9) return a >= 3 * b ? "rod" : "cylinder";
  }
  if (fill >= 0.85) return "block";
  return "complex";
}

export function classifySheet(bbox: { x: number; y: number }, areaCm2: number): ShapeClass {
  const rect = bbox.x * bbox.y;
  return rect > 0 && (areaCm2 * 100) / rect >= 0.7 ? "plate" : "sheet_part";
}
