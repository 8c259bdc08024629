import type { BBox, Point } from "./geometry/segments";
import { boxesExtent, containsPoint } from "./nest-contours";

/** The closed contours of a drawing, as measure.ts holds them for nesting. */
export interface ClosedContours {
  count: number;
  /** minX, minY, maxX, maxY per contour. */
  boxes: Float64Array;
  rings: (k: number) => Point[][];
}

/**
 * Edge pairs compared at most (open path edges × nearby closed contour edges), about a second of work: a
 * hostile drawing (a million-vertex outline around a million short lines) must not run for hours.
 */
export const MAX_ANNOTATION_WORK = 200_000_000;

export interface OpenContour {
  /** Its trails' points, in order. */
  rings: Point[][];
  box: BBox;
}

/**
 * Open contours that only annotate a part: centre marks and crosses inside holes or beside the part's
 * edge. One is annotation when it never touches or crosses a closed contour and lies outside the part's
 * material, either inside a hole (even nesting depth ≥ 2) or within the extent (box) of a part's outline
 * while outside it: a laser following it would cut air. An open path that enters the material (an
 * engraving, a slit) is kept, and so is one away from every part, which may be a cut of its own.
 * `depths`: nesting depth of each closed contour (even = outline).
 */
export function findAnnotations(
  closed: ClosedContours,
  depths: Int32Array,
  open: OpenContour[],
  maxWork = MAX_ANNOTATION_WORK,
): Uint8Array {
  const annotation = new Uint8Array(open.length);
  if (closed.count === 0 || open.length === 0) return annotation;
  let work = 0;
  const { boxes } = closed;
  const grid = boxGrid(closed);
  const ringCache = new Map<number, Point[][]>();
  const ringsOf = (k: number) => {
    let r = ringCache.get(k);
    if (!r) ringCache.set(k, (r = closed.rings(k)));
    return r;
  };
  for (let i = 0; i < open.length; i++) {
    const o = open[i];
    const candidates = grid(o.box);
    // Edge pairs to compare: past the budget the rest stay cut, the answer a shop gets without this rule.
    const edges = o.rings.reduce((sum, t) => sum + t.length, 0);
    for (const k of candidates) work += edges * ringsOf(k).reduce((sum, r) => sum + r.length, 0);
    if (work > maxWork) break;
    const [x, y] = o.rings[0][0];
    let depth = 0;
    for (const k of candidates) if (inBox(boxes, k, x, y) && containsPoint(ringsOf(k), x, y)) depth++;
    if (depth % 2 === 1) continue;
    const besideOutline = candidates.some(
      (k) =>
        depths[k] % 2 === 0 &&
        boxes[4 * k] <= o.box.minX &&
        boxes[4 * k + 1] <= o.box.minY &&
        boxes[4 * k + 2] >= o.box.maxX &&
        boxes[4 * k + 3] >= o.box.maxY,
    );
    if (depth === 0 && !besideOutline) continue;
    if (candidates.some((k) => crossesAny(o.rings, ringsOf(k)))) continue;
    annotation[i] = 1;
  }
  return annotation;
}

function inBox(boxes: Float64Array, k: number, x: number, y: number): boolean {
  return x >= boxes[4 * k] && y >= boxes[4 * k + 1] && x <= boxes[4 * k + 2] && y <= boxes[4 * k + 3];
}

/** Whether any edge of the open trails touches or crosses any edge of the rings (touching counts: kept as cut). */
function crossesAny(trails: Point[][], rings: Point[][]): boolean {
  for (const t of trails) {
    for (let i = 1; i < t.length; i++) {
      for (const ring of rings) {
        for (let j = 0, n = ring.length; j < n; j++) {
          if (segmentsMeet(t[i - 1], t[i], ring[j], ring[(j + 1) % n])) return true;
        }
      }
    }
  }
  return false;
}

function orient(a: Point, b: Point, c: Point): number {
  return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

function segmentsMeet(a: Point, b: Point, c: Point, d: Point): boolean {
  if (
    Math.max(a[0], b[0]) < Math.min(c[0], d[0]) ||
    Math.max(c[0], d[0]) < Math.min(a[0], b[0]) ||
    Math.max(a[1], b[1]) < Math.min(c[1], d[1]) ||
    Math.max(c[1], d[1]) < Math.min(a[1], b[1])
  )
    return false;
  return orient(a, b, c) * orient(a, b, d) <= 0 && orient(c, d, a) * orient(c, d, b) <= 0;
}

/** Closed contours whose box overlaps a query box, through a uniform grid (a sheet can hold 50,000 holes). */
function boxGrid(closed: ClosedContours): (box: BBox) => number[] {
  const { count, boxes } = closed;
  const { minX, minY, maxX, maxY } = boxesExtent(count, boxes);
  const g = Math.min(256, Math.max(1, Math.ceil(Math.sqrt(count))));
  const w = (maxX - minX) / g || 1;
  const h = (maxY - minY) / g || 1;
  const cell = (v: number, min: number, size: number) => Math.min(g - 1, Math.max(0, Math.floor((v - min) / size)));
  const cells: number[][] = Array.from({ length: g * g }, () => []);
  for (let k = 0; k < count; k++) {
    for (let r = cell(boxes[4 * k + 1], minY, h); r <= cell(boxes[4 * k + 3], minY, h); r++) {
      for (let c = cell(boxes[4 * k], minX, w); c <= cell(boxes[4 * k + 2], minX, w); c++) cells[r * g + c].push(k);
    }
  }
  const seen = new Int32Array(count).fill(-1);
  let query = 0;
  return (box) => {
    query++;
    const out: number[] = [];
    if (box.maxX < minX || box.minX > maxX || box.maxY < minY || box.minY > maxY) return out;
    for (let r = cell(box.minY, minY, h); r <= cell(box.maxY, minY, h); r++) {
      for (let c = cell(box.minX, minX, w); c <= cell(box.maxX, minX, w); c++) {
        for (const k of cells[r * g + c]) {
          if (seen[k] === query) continue;
          seen[k] = query;
          if (
            boxes[4 * k] <= box.maxX &&
            boxes[4 * k + 2] >= box.minX &&
            boxes[4 * k + 1] <= box.maxY &&
            boxes[4 * k + 3] >= box.minY
          )
            out.push(k);
        }
      }
    }
    return out;
  };
}
