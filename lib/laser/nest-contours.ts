import type { Point } from "./geometry/segments";

/** Closed contours to nest, as flat arrays (a sheet can hold tens of thousands). */
export interface NestInput {
  count: number;
  /** minX, minY, maxX, maxY per contour. */
  boxes: Float64Array;
  /** x, y of a point on each contour's boundary (its first display point). */
  probes: Float64Array;
  /** Closed rings (flattened) of contour k; only asked for when a probe falls in its box. */
  rings: (k: number) => Point[][];
}

/** The box around `count` boxes stored as [minX, minY, maxX, maxY] runs. */
export function boxesExtent(count: number, boxes: ArrayLike<number>) {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let k = 0; k < count; k++) {
    minX = Math.min(minX, boxes[4 * k]);
    minY = Math.min(minY, boxes[4 * k + 1]);
    maxX = Math.max(maxX, boxes[4 * k + 2]);
    maxY = Math.max(maxY, boxes[4 * k + 3]);
  }
  return { minX, minY, maxX, maxY };
}

/**
 * Nesting depth of each closed contour: how many other closed contours contain it
 * (even/odd ray test on a point of its boundary). Even depth = outer boundary of a
 * part, odd = hole. Candidates come from a uniform grid over the bounding boxes,
 * held in typed arrays, so a sheet of many small holes costs ~O(n), not O(n²).
 */
export function nestContours({ count, boxes, probes, rings }: NestInput): Int32Array {
  const depth = new Int32Array(count);
  if (count < 2) return depth;
  const { minX, minY, maxX, maxY } = boxesExtent(count, boxes);
  const g = Math.min(1024, Math.max(1, Math.ceil(Math.sqrt(count))));
  const w = (maxX - minX) / g || 1;
  const h = (maxY - minY) / g || 1;

  // Cell → contours whose box overlaps it, in compressed rows: pass 0 counts, pass 1 files.
  const cellStart = new Int32Array(g * g + 1);
  let members = new Int32Array(0);
  let fill = cellStart;
  for (let pass = 0; pass < 2; pass++) {
    for (let k = 0; k < count; k++) {
      const c0 = cellOf(boxes[4 * k], minX, w, g);
      const c1 = cellOf(boxes[4 * k + 2], minX, w, g);
      for (let r = cellOf(boxes[4 * k + 1], minY, h, g), r1 = cellOf(boxes[4 * k + 3], minY, h, g); r <= r1; r++) {
        for (let c = c0; c <= c1; c++) {
          if (pass === 0) cellStart[r * g + c + 1]++;
          else members[fill[r * g + c]++] = k;
        }
      }
    }
    if (pass === 0) {
      for (let c = 0; c < g * g; c++) cellStart[c + 1] += cellStart[c];
      members = new Int32Array(cellStart[g * g]);
      fill = cellStart.slice(0, g * g);
    }
  }

  const ringCache = new Map<number, Point[][]>();
  let lastContainer = -1;
  let lastRings: Point[][] | undefined;
  for (let k = 0; k < count; k++) {
    const px = probes[2 * k];
    const py = probes[2 * k + 1];
    const cell = cellOf(py, minY, h, g) * g + cellOf(px, minX, w, g);
    for (let m = cellStart[cell]; m < cellStart[cell + 1]; m++) {
      const o = members[m];
      if (o === k) continue;
      // The container's box must hold this contour's whole box.
      if (
        boxes[4 * o] > boxes[4 * k] ||
        boxes[4 * o + 1] > boxes[4 * k + 1] ||
        boxes[4 * o + 2] < boxes[4 * k + 2] ||
        boxes[4 * o + 3] < boxes[4 * k + 3]
      )
        continue;
      // On a sheet most probes meet the same container (the outline): the last one skips the lookup.
      let r = o === lastContainer ? lastRings : ringCache.get(o);
      if (!r) ringCache.set(o, (r = rings(o)));
      lastContainer = o;
      lastRings = r;
      if (containsPoint(r, px, py)) depth[k]++;
    }
  }
  return depth;
}

/** Grid column (or row) of coordinate v, clamped to the grid. */
function cellOf(v: number, min: number, size: number, g: number): number {
  return Math.min(g - 1, Math.max(0, Math.floor((v - min) / size)));
}

export function containsPoint(rings: Point[][], x: number, y: number): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[i];
      const b = ring[j];
      if (a[1] > y !== b[1] > y && x < ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
    }
  }
  return inside;
}
