import type { BBox, Point } from "./geometry/segments";

export interface NestItem {
  /** Closed rings (flattened) making up the contour. */
  rings: Point[][];
  bbox: BBox;
}

/**
 * Nesting depth of each closed contour: how many other closed contours contain it
 * (even/odd ray test on a point of its boundary). Even depth = outer boundary of a
 * part, odd = hole. Candidates come from a uniform grid over the bounding boxes,
 * so a sheet of many small holes costs ~O(n), not O(n²).
 */
export function nestContours(items: NestItem[]): number[] {
  const depth = new Array<number>(items.length).fill(0);
  if (items.length < 2) return depth;
  const all = items.reduce(
    (b, it) => ({ minX: Math.min(b.minX, it.bbox.minX), minY: Math.min(b.minY, it.bbox.minY), maxX: Math.max(b.maxX, it.bbox.maxX), maxY: Math.max(b.maxY, it.bbox.maxY) }),
    { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity },
  );
  const g = Math.min(1024, Math.max(1, Math.ceil(Math.sqrt(items.length))));
  const w = (all.maxX - all.minX) / g || 1;
  const h = (all.maxY - all.minY) / g || 1;
  const col = (x: number) => Math.min(g - 1, Math.max(0, Math.floor((x - all.minX) / w)));
  const row = (y: number) => Math.min(g - 1, Math.max(0, Math.floor((y - all.minY) / h)));
  const grid: number[][] = Array.from({ length: g * g }, () => []);
  items.forEach((it, k) => {
    for (let r = row(it.bbox.minY); r <= row(it.bbox.maxY); r++) {
      for (let c = col(it.bbox.minX); c <= col(it.bbox.maxX); c++) grid[r * g + c].push(k);
    }
  });
  items.forEach((it, k) => {
    const probe = it.rings[0][0];
    for (const other of grid[row(probe[1]) * g + col(probe[0])]) {
      if (other === k) continue;
      const b = items[other].bbox;
      if (b.minX > it.bbox.minX || b.minY > it.bbox.minY || b.maxX < it.bbox.maxX || b.maxY < it.bbox.maxY) continue;
      if (containsPoint(items[other].rings, probe)) depth[k]++;
    }
  });
  return depth;
}

function containsPoint(rings: Point[][], p: Point): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[i];
      const b = ring[j];
      if (a[1] > p[1] !== b[1] > p[1] && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
    }
  }
  return inside;
}
