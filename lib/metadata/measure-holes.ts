import type { MeshGeometry } from "@/lib/geometry/types";
import type { ComponentMetadata } from "./types";

interface Contour {
  /** x0, y0, x1, y1, … (LaserContour.points); a closed contour does not repeat its first point. */
  points: number[];
  role: "outer" | "hole" | "open";
  length_mm: number;
  layer?: string;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function shoelace(p: number[]): number {
  let sum = 0;
  for (let i = 0; i < p.length; i += 2) {
    const j = (i + 2) % p.length;
    sum += p[i] * p[j + 1] - p[j] * p[i + 1];
  }
  return Math.abs(sum) / 2;
}

/** A hole is round when its isoperimetric ratio 4πA/P² is near 1; its diameter is then P/π (P exact, A from the flattened outline). */
export function holeDiameter(contour: Contour): number | null {
  const p = contour.length_mm;
  if (p <= 0 || contour.points.length < 16) return null;
  return (4 * Math.PI * shoelace(contour.points)) / (p * p) >= 0.97 ? round1(p / Math.PI) : null;
}

export function holeDiameters(contours: Contour[]): number[] {
  return contours
    .filter((c) => c.role === "hole")
    .map(holeDiameter)
    .filter((d): d is number => d !== null)
    .sort((a, b) => a - b);
}

function bboxOf(points: number[]) {
  const xs = points.filter((_, k) => k % 2 === 0);
  const ys = points.filter((_, k) => k % 2 === 1);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

/** One component per outer contour, with the holes whose first point lies inside its bounding box. */
export function sheetComponents(contours: Contour[]): ComponentMetadata[] {
  const outers = contours.filter((c) => c.role === "outer" && c.points.length > 0);
  const holes = contours.filter((c) => c.role === "hole" && c.points.length > 0);
  return outers.map((outer, i) => {
    const b = bboxOf(outer.points);
    const inside = holes.filter(({ points: [x, y] }) => x >= b.minX && x <= b.maxX && y >= b.minY && y <= b.maxY);
    return {
      name: outer.layer && outer.layer !== "0" && outers.length > 1 ? `${outer.layer} ${i + 1}` : `Part ${i + 1}`,
      bbox_mm: { x: round1(b.maxX - b.minX), y: round1(b.maxY - b.minY) },
      cut_length_mm: round1(outer.length_mm + inside.reduce((s, h) => s + h.length_mm, 0)),
    };
  });
}

/** The mesh figures `countMeshThroughHoles` needs. */
export type MeshTopologyFacts = Pick<
  MeshGeometry,
  | "triangles"
  | "vertices"
  | "parts"
  | "is_watertight"
  | "is_manifold"
  | "is_winding_consistent"
  | "degenerate_triangles"
>;

/**
 * Holes that pass through a closed mesh, from its topology alone: a closed,
 * orientable shell has V − E + F = 2 − 2·genus, and its genus counts the holes
 * through it (a plate with four bolt holes has genus 4, a ring 1, a cup 0). With
 * every edge shared by two triangles, E = 3F/2, so the holes over all shells are
 * parts − (V − F/2)/2. Null where that does not hold — open, non-manifold or
 * degenerate meshes — or where the count is not a whole number (shells touching
 * at a vertex). Diameters are not measured for meshes.
 */
export function countMeshThroughHoles(g: MeshTopologyFacts): number | null {
  if (
    !g.is_watertight ||
    !g.is_manifold ||
    !g.is_winding_consistent ||
    g.degenerate_triangles > 0 ||
    g.triangles % 2 !== 0
  )
    return null;
  const holes = g.parts - (g.vertices - g.triangles / 2) / 2;
  return Number.isInteger(holes) && holes >= 0 ? holes : null;
}
