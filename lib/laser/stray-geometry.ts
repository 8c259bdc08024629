import type { Segment } from "./geometry/segments";
import { segmentLength } from "./geometry/segments";
import type { CutCircles } from "./lone-circles";

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
 * A segment spanning more than MAX_CELLS_PER_SEGMENT cells is kept only when it passes within two cells of it.
 */
export function separateStrayGeometry(segments: Segment[]): { kept: Segment[]; stray: StrayGeometry | null } {
  if (segments.length < 2) return { kept: segments, stray: null };
  if (widestExtent(segments) <= STRAY_EXTENT_MM) return { kept: segments, stray: null };
  const boxes = segments.map(boxOf);

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
  // The part is the gridded group with the most cut length. A segment too long to grid (kilometres of line in
  // a damaged drawing would otherwise outweigh the part) stays only when it comes near the part: its edge.
  const lengths = new Map<number, number>();
  segments.forEach((s, i) => {
    if (gridded(boxes[i])) lengths.set(root(i), (lengths.get(root(i)) ?? 0) + segmentLength(s));
  });
  if (lengths.size === 0) return { kept: segments, stray: null };
  const main = [...lengths].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
  const mainBox = unionBox(boxes.filter((b, i) => gridded(b) && root(i) === main));
  const reach = expandBox(mainBox, 2 * CELL_MM);
  const inMain = (i: number) => (gridded(boxes[i]) ? root(i) === main : comesNear(segments[i], boxes[i], reach));
  const kept = segments.filter((_, i) => inMain(i));
  if (kept.length === segments.length) return { kept, stray: null };

  const part = unionBox(kept.map((s) => boxOf(s)));
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

/**
 * The drawing's larger side, without an object per segment: almost every drawing stops here. Circles kept as
 * numbers (lone-circles.ts) count too.
 */
export function widestExtent(segments: Segment[], circles: CutCircles | null = null): number {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const add = (x0: number, y0: number, x1: number, y1: number) => {
    if (x0 < minX) minX = x0;
    if (y0 < minY) minY = y0;
    if (x1 > maxX) maxX = x1;
    if (y1 > maxY) maxY = y1;
  };
  for (const s of segments) {
    if (s.kind === "arc") add(s.cx - s.r, s.cy - s.r, s.cx + s.r, s.cy + s.r);
    else if (s.kind === "curve") add(s.box.minX, s.box.minY, s.box.maxX, s.box.maxY);
    else add(Math.min(s.a[0], s.b[0]), Math.min(s.a[1], s.b[1]), Math.max(s.a[0], s.b[0]), Math.max(s.a[1], s.b[1]));
  }
  for (let i = 0; circles && i < circles.count; i++) {
    const d = circles.data;
    add(d[5 * i] - d[5 * i + 2], d[5 * i + 1] - d[5 * i + 2], d[5 * i] + d[5 * i + 2], d[5 * i + 1] + d[5 * i + 2]);
  }
  return Math.max(maxX - minX, maxY - minY);
}

function unionBox(boxes: Box[]): Box {
  return boxes.reduce((a, b) => ({
    minX: Math.min(a.minX, b.minX),
    minY: Math.min(a.minY, b.minY),
    maxX: Math.max(a.maxX, b.maxX),
    maxY: Math.max(a.maxY, b.maxY),
  }));
}

function expandBox(b: Box, by: number): Box {
  return { minX: b.minX - by, minY: b.minY - by, maxX: b.maxX + by, maxY: b.maxY + by };
}

/** Whether a segment enters the box: exactly for lines (Liang–Barsky clipping), by extent for curves. */
function comesNear(s: Segment, sBox: Box, b: Box): boolean {
  if (sBox.maxX < b.minX || sBox.minX > b.maxX || sBox.maxY < b.minY || sBox.minY > b.maxY) return false;
  if (s.kind !== "line") return true;
  const [x0, y0] = s.a;
  const dx = s.b[0] - x0;
  const dy = s.b[1] - y0;
  let t0 = 0;
  let t1 = 1;
  for (const [p, q] of [
    [-dx, x0 - b.minX],
    [dx, b.maxX - x0],
    [-dy, y0 - b.minY],
    [dy, b.maxY - y0],
  ]) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return false;
  }
  return true;
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
