import type { Segment } from "./geometry/segments";
import { segmentLength } from "./geometry/segments";

/** A drawing wider than this holds no single sheet part: something in it is stray. */
export const STRAY_EXTENT_MM = 10_000;
/** Geometry within about two cells of other geometry belongs with it (parts nested on a sheet are closer). */
const CELL_MM = 1_000;
/** A segment spanning more cells than this links everything it crosses; it is left as it is (kept). */
const MAX_CELLS_PER_SEGMENT = 64;

export interface StrayGeometry {
  count: number;
  lengthMm: number;
  /** How far the farthest stray piece lies from the part, mm. */
  distanceMm: number;
}

/**
 * A drawing whose extent is kilometres because of a few stray entities far from the part would be priced as one
 * huge sheet. Only when the extent passes STRAY_EXTENT_MM, segments are grouped by proximity (cells of 1 m,
 * neighbours joined) and everything outside the group with the most cut length is left out, and reported.
 */
export function separateStrayGeometry(segments: Segment[]): { kept: Segment[]; stray: StrayGeometry | null } {
  if (segments.length < 2) return { kept: segments, stray: null };
  const boxes = segments.map(boxOf);
  const all = boxes.reduce((a, b) => ({
    minX: Math.min(a.minX, b.minX),
    minY: Math.min(a.minY, b.minY),
    maxX: Math.max(a.maxX, b.maxX),
    maxY: Math.max(a.maxY, b.maxY),
  }));
  if (Math.max(all.maxX - all.minX, all.maxY - all.minY) <= STRAY_EXTENT_MM) return { kept: segments, stray: null };

  const parent = Int32Array.from(segments, (_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  const join = (a: number, b: number) => {
    parent[root(a)] = root(b);
  };
  const owners = new Map<string, number>();
  boxes.forEach((b, i) => {
    const [x0, x1, y0, y1] = [
      Math.floor(b.minX / CELL_MM),
      Math.floor(b.maxX / CELL_MM),
      Math.floor(b.minY / CELL_MM),
      Math.floor(b.maxY / CELL_MM),
    ];
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_CELLS_PER_SEGMENT) return;
    for (let x = x0; x <= x1; x++) {
      for (let y = y0; y <= y1; y++) {
        const key = `${x},${y}`;
        const owner = owners.get(key);
        if (owner === undefined) owners.set(key, i);
        else join(i, owner);
      }
    }
  });
  for (const [key, owner] of owners) {
    const [x, y] = key.split(",").map(Number);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const neighbour = owners.get(`${x + dx},${y + dy}`);
        if (neighbour !== undefined) join(owner, neighbour);
      }
    }
  }
  // Segments too long to grid (MAX_CELLS_PER_SEGMENT) stay with the part: never drop what may be its edge.
  const lengths = new Map<number, number>();
  segments.forEach((s, i) => lengths.set(root(i), (lengths.get(root(i)) ?? 0) + segmentLength(s)));
  const main = [...lengths].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
  const inMain = (i: number) => root(i) === main || !gridded(boxes[i]);
  const kept = segments.filter((_, i) => inMain(i));
  if (kept.length === segments.length) return { kept, stray: null };

  const part = kept
    .map((s) => boxOf(s))
    .reduce((a, b) => ({
      minX: Math.min(a.minX, b.minX),
      minY: Math.min(a.minY, b.minY),
      maxX: Math.max(a.maxX, b.maxX),
      maxY: Math.max(a.maxY, b.maxY),
    }));
  let lengthMm = 0;
  let distanceMm = 0;
  segments.forEach((s, i) => {
    if (inMain(i)) return;
    lengthMm += segmentLength(s);
    const b = boxes[i];
    const dx = Math.max(part.minX - b.maxX, b.minX - part.maxX, 0);
    const dy = Math.max(part.minY - b.maxY, b.minY - part.maxY, 0);
    distanceMm = Math.max(distanceMm, Math.hypot(dx, dy));
  });
  return { kept, stray: { count: segments.length - kept.length, lengthMm, distanceMm } };
}

function gridded(b: Box): boolean {
  const cells =
    (Math.floor(b.maxX / CELL_MM) - Math.floor(b.minX / CELL_MM) + 1) *
    (Math.floor(b.maxY / CELL_MM) - Math.floor(b.minY / CELL_MM) + 1);
  return cells <= MAX_CELLS_PER_SEGMENT;
}

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function boxOf(s: Segment): Box {
  if (s.kind === "line")
    return {
      minX: Math.min(s.a[0], s.b[0]),
      minY: Math.min(s.a[1], s.b[1]),
      maxX: Math.max(s.a[0], s.b[0]),
      maxY: Math.max(s.a[1], s.b[1]),
    };
  if (s.kind === "arc") return { minX: s.cx - s.r, minY: s.cy - s.r, maxX: s.cx + s.r, maxY: s.cy + s.r };
  return { minX: s.box.minX, minY: s.box.minY, maxX: s.box.maxX, maxY: s.box.maxY };
}
