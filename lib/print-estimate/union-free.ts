/**
 * A cheap proof that Clipper's finishing union of an offset (offset.ts), or of a layer's sliced
 * loops (slice-outlines.ts), would hand the loops back unchanged, bar the collinear points it may
 * drop: then the union, about half of the Clipper executions of a layer, need not run. The union of closed paths keeps exactly the loops that
 * separate filled from unfilled points. When the loops are simple and apart (no two segments that
 * are not neighbours in one loop come within CLEARANCE) and nest outer, hole, outer… with the
 * outermost filled, every point's winding number is 0 or 1 and each loop lies between a 1 and a
 * 0: the union is the loops themselves. Anything else, or too costly to check, is "not proven".
 */
import { Clipper, PointInPolygonResult, type Path64, type Paths64 } from "clipper2-ts";

/** Coordinates under 2^25 µm keep every orientation product below 2^53, exact in doubles. */
const LIMIT = 2 ** 25;
/**
 * How far apart (µm) segments that are not neighbours must stay. Clipper's sweep rounds where an
 * edge crosses each scan line to whole units; edges closer than a unit may swap there and be cut
 * at a false crossing (a 1 µm notch in an offset did that).
 */
const CLEARANCE = 2;
/** Segment pairs (and point-in-loop steps) checked per segment before giving up on the proof. */
const BUDGET = 64;

// Scratch arrays per segment (grown on demand): end points, right end, y range, its loop, place
// in the loop and loop length, x bucket; bucket starts, the sweep order, the open segments; and
// per corner whether it is kept.
let X0 = new Float64Array(0),
  Y0 = new Float64Array(0),
  X1 = new Float64Array(0),
  Y1 = new Float64Array(0),
  MAXX = new Float64Array(0),
  MINY = new Float64Array(0),
  MAXY = new Float64Array(0),
  LOOP = new Int32Array(0),
  AT = new Int32Array(0),
  LENGTH = new Int32Array(0),
  BUCKET = new Int32Array(0),
  START = new Int32Array(0),
  ORDER = new Int32Array(0),
  ACTIVE = new Int32Array(0),
  KEEP = new Uint8Array(0);

/**
 * Clipper's union of `raw` (Positive fill; Negative, output reversed, when `reversed`; collinear
 * points dropped) when it is proven to be `raw` without its collinear points, else undefined:
 * loops simple, apart, each with the orientation of its source loop (`source[i]`, which raw[i] was
 * offset from), and nested alternately. The paths come as Clipper gives them, since later steps
 * (simplification from a path's first point) see the difference: a loop's path ends at its top
 * (least y) corner, or starts there when reversed (Clipper closes a loop at its last local
 * maximum, in its sweep towards lesser y; a horizontal top edge closes at its later end), and the
 * loops come in the order of their bottoms (greatest y; ties in input order), where its sweep
 * starts each. A loop whose top is neither one corner nor one edge, or a triangle (which Clipper
 * may drop as tiny), is left to Clipper. `preserveCollinear`: as Clipper's own setting (true in
 * Clipper.union), the collinear points stay.
 */
export function unionOfApartLoops(
  raw: Paths64,
  source: Paths64,
  reversed: boolean,
  preserveCollinear = false,
): Paths64 | undefined {
  const m = raw.length;
  let total = 0;
  for (let p = 0; p < m; p++) {
    if (raw[p].length < 4) return undefined;
    total += raw[p].length;
  }
  const areas = new Float64Array(m),
    boxes = new Float64Array(4 * m);
  const bounds = fillSegments(raw, total, areas, boxes, preserveCollinear);
  if (!bounds) return undefined;
  const sign = reversed ? -1 : 1;
  for (let p = 0; p < m; p++) {
    areas[p] *= sign;
    if (areas[p] === 0 || Math.sign(areas[p]) !== Math.sign(sign * loopArea(source[p]))) return undefined;
  }
  if (segmentsCrowd(total, bounds.lo, bounds.hi) || !nestingAlternates(raw, areas, boxes, total)) return undefined;
  const loops: { path: Path64; bottom: number }[] = [];
  for (let p = 0, o = 0; p < m; o += raw[p++].length) {
    const loop = keptFromTop(raw[p], o, reversed);
    if (!loop) return undefined;
    loops.push(loop);
  }
  // Array.prototype.sort is stable: ties keep their input order, as in Clipper's sorted minima.
  return loops.sort((a, b) => b.bottom - a.bottom).map((loop) => loop.path);
}

/**
 * The path's points that are not in line with their neighbours (KEEP from fillSegments, segments
 * from `o`), from where Clipper starts it, and its bottom; undefined if its top is neither one
 * corner nor one edge, or if it is a triangle.
 */
function keptFromTop(path: Path64, o: number, reversed: boolean): { path: Path64; bottom: number } | undefined {
  const n = path.length,
    keep = KEEP;
  // The top corner, or the later end (in path order) of a horizontal top edge.
  let count = 0,
    top = -1,
    topRank = 0,
    ties = 0,
    tieRank = 0,
    bottom = -Infinity;
  for (let i = 0; i < n; i++) {
    if (!keep[o + i]) continue;
    const y = path[i].y;
    if (top < 0 || y < path[top].y) {
      top = i;
      topRank = count;
      ties = 0;
    } else if (y === path[top].y) {
      ties++;
      tieRank = count;
      if (tieRank === topRank + 1) top = i;
    }
    if (y > bottom) bottom = y;
    count++;
  }
  if (count < 4 || ties > 1 || (ties === 1 && tieRank !== topRank + 1 && !(topRank === 0 && tieRank === count - 1)))
    return undefined;
  let start = top;
  if (!reversed)
    do start = start + 1 === n ? 0 : start + 1;
    while (!keep[o + start]);
  const out: Path64 = new Array(count);
  for (let k = 0, i = start; k < count; i = i + 1 === n ? 0 : i + 1) if (keep[o + i]) out[k++] = path[i];
  return { path: out, bottom };
}

/** The path without the points in line with their neighbours (which the union drops too). */
export function dropCollinear(path: Path64): Path64 {
  const out: Path64 = [];
  const n = path.length;
  for (let i = 0; i < n; i++) {
    const a = out.length > 0 ? out[out.length - 1] : path[n - 1],
      b = path[i],
      c = path[i + 1 === n ? 0 : i + 1];
    if ((b.x - a.x) * (c.y - b.y) !== (b.y - a.y) * (c.x - b.x)) out.push(b);
  }
  return out;
}

/**
 * One pass over the loops: the segment scratch arrays, KEEP (the corners not in line with their
 * neighbours, unless `preserveCollinear`: with no zero-length segment and no corner turning
 * straight back, the same points dropCollinear keeps), each loop's twice signed area and bounds (left, right, top, bottom), and
 * the least and greatest x. Undefined for a coordinate out of range, a zero-length segment or a
 * corner turning straight back.
 */
function fillSegments(
  raw: Paths64,
  total: number,
  areas: Float64Array,
  boxes: Float64Array,
  preserveCollinear: boolean,
): { lo: number; hi: number } | undefined {
  if (total + 1 > X0.length) {
    const size = Math.max(total + 1, 2 * X0.length, 1024);
    [X0, Y0, X1, Y1, MAXX, MINY, MAXY] = Array.from({ length: 7 }, () => new Float64Array(size));
    [LOOP, AT, LENGTH, BUCKET, START, ORDER, ACTIVE] = Array.from({ length: 7 }, () => new Int32Array(size));
    KEEP = new Uint8Array(size);
  }
  const x0 = X0,
    y0 = Y0,
    x1 = X1,
    y1 = Y1,
    maxX = MAXX,
    minY = MINY,
    maxY = MAXY,
    loop = LOOP,
    at = AT,
    length = LENGTH,
    keep = KEEP;
  let s = 0,
    lo = Infinity,
    hi = -Infinity;
  for (let p = 0; p < raw.length; p++) {
    const path = raw[p],
      n = path.length;
    const ox = path[0].x,
      oy = path[0].y;
    let ax = path[n - 1].x,
      ay = path[n - 1].y,
      bx = ox,
      by = oy;
    let sum = 0,
      size = 0,
      left = Infinity,
      right = -Infinity,
      top = Infinity,
      bottom = -Infinity;
    for (let i = 0; i < n; i++, s++) {
      const c = path[i + 1 === n ? 0 : i + 1],
        cx = c.x,
        cy = c.y;
      if (!(Math.abs(bx) < LIMIT && Math.abs(by) < LIMIT) || (bx === cx && by === cy)) return undefined;
      const cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx);
      if (cross === 0 && (bx - ax) * (cx - bx) + (by - ay) * (cy - by) < 0) return undefined;
      keep[s] = cross === 0 && !preserveCollinear ? 0 : 1;
      // Twice the area as a fan about the first point: each term exact.
      const term = (bx - ox) * (cy - oy) - (by - oy) * (cx - ox);
      sum += term;
      size += Math.abs(term);
      x0[s] = bx;
      y0[s] = by;
      x1[s] = cx;
      y1[s] = cy;
      maxX[s] = bx > cx ? bx : cx;
      minY[s] = by < cy ? by : cy;
      maxY[s] = by < cy ? cy : by;
      loop[s] = p;
      at[s] = i;
      length[s] = n;
      if (bx < left) left = bx;
      if (bx > right) right = bx;
      if (by < top) top = by;
      if (by > bottom) bottom = by;
      ax = bx;
      ay = by;
      bx = cx;
      by = cy;
    }
    // 0 where the sum's rounding (at most n·2^-52 of the terms' sizes) could reach its size.
    areas[p] = Math.abs(sum) > n * 2 ** -52 * size ? sum : 0;
    boxes[4 * p] = left;
    boxes[4 * p + 1] = right;
    boxes[4 * p + 2] = top;
    boxes[4 * p + 3] = bottom;
    if (left < lo) lo = left;
    if (right > hi) hi = right;
  }
  return { lo, hi };
}

/** Twice the signed area, as fillSegments sums it (0 where rounding could reach its size). */
function loopArea(path: Path64): number {
  const ox = path[0].x,
    oy = path[0].y;
  let sum = 0,
    size = 0;
  for (let i = 1; i + 1 < path.length; i++) {
    const term = (path[i].x - ox) * (path[i + 1].y - oy) - (path[i].y - oy) * (path[i + 1].x - ox);
    sum += term;
    size += Math.abs(term);
  }
  return Math.abs(sum) > path.length * 2 ** -52 * size ? sum : 0;
}

/**
 * Whether two segments that are not neighbours in one loop come within CLEARANCE: a sweep over the
 * segments in order of their left ends, each checked against those still open whose y range is
 * near. The order is a counting sort into as many x buckets as segments (a comparison sort cost
 * more than the sweep); within a bucket it does not matter, as a segment is closed only once it
 * ends left of the current bucket.
 */
function segmentsCrowd(total: number, lo: number, hi: number): boolean {
  const x0 = X0,
    y0 = Y0,
    x1 = X1,
    y1 = Y1,
    maxX = MAXX,
    minY = MINY,
    maxY = MAXY,
    loop = LOOP,
    at = AT,
    length = LENGTH,
    bucket = BUCKET,
    start = START,
    order = ORDER,
    active = ACTIVE;
  let s: number;
  const width = (hi - lo + 1) / total;
  start.fill(0, 0, total + 1);
  for (s = 0; s < total; s++) {
    const b = Math.floor(((x0[s] < x1[s] ? x0[s] : x1[s]) - lo) / width);
    bucket[s] = b < total ? b : total - 1;
    start[bucket[s] + 1]++;
  }
  for (let b = 0; b < total; b++) start[b + 1] += start[b];
  for (s = 0; s < total; s++) order[start[bucket[s]]++] = s;
  let open = 0,
    budget = BUDGET * total;
  for (let k = 0; k < total; k++) {
    const e = order[k],
      left = lo + bucket[e] * width - 1; // at most the left end of any segment still to come
    const ex0 = x0[e],
      ey0 = y0[e],
      ex1 = x1[e],
      ey1 = y1[e];
    const eLow = minY[e] - CLEARANCE,
      eHigh = maxY[e] + CLEARANCE;
    if ((budget -= open) < 0) return true; // too many open segments: leave it to Clipper
    let kept = 0;
    for (let q = 0; q < open; q++) {
      const f = active[q];
      if (maxX[f] + CLEARANCE < left) continue; // closed
      active[kept++] = f;
      if (maxY[f] < eLow || minY[f] > eHigh) continue;
      if (loop[f] === loop[e]) {
        const d = at[f] - at[e],
          n = length[e];
        if (d === 1 || d === -1 || d === n - 1 || d === 1 - n) continue; // neighbours share their corner
      }
      if (segmentsNear(ex0, ey0, ex1, ey1, x0[f], y0[f], x1[f], y1[f])) return true;
    }
    active[kept++] = e;
    open = kept;
  }
  return false;
}

/**
 * Whether segments pq and rs come within CLEARANCE of each other: they touch or cross (exact
 * orientation tests), or an end of one lies that close to the other.
 */
function segmentsNear(
  px: number,
  py: number,
  qx: number,
  qy: number,
  rx: number,
  ry: number,
  sx: number,
  sy: number,
): boolean {
  const o1 = (qx - px) * (ry - py) - (qy - py) * (rx - px),
    o2 = (qx - px) * (sy - py) - (qy - py) * (sx - px);
  const o3 = (sx - rx) * (py - ry) - (sy - ry) * (px - rx),
    o4 = (sx - rx) * (qy - ry) - (sy - ry) * (qx - rx);
  // Straddling each other's lines, they cross or touch, unless all four are 0: collinear, where
  // they overlap just when an end of one lies on the other.
  const collinear = o1 === 0 && o2 === 0 && o3 === 0 && o4 === 0;
  if (!collinear && o1 * o2 <= 0 && o3 * o4 <= 0) return true;
  return (
    pointNear(px, py, rx, ry, sx, sy) ||
    pointNear(qx, qy, rx, ry, sx, sy) ||
    pointNear(rx, ry, px, py, qx, qy) ||
    pointNear(sx, sy, px, py, qx, qy)
  );
}

/** Whether point p lies within CLEARANCE of segment ab (which has a length). */
function pointNear(px: number, py: number, ax: number, ay: number, bx: number, by: number): boolean {
  const dx = bx - ax,
    dy = by - ay;
  let t = ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy);
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const ex = ax + t * dx - px,
    ey = ay + t * dy - py;
  return ex * ex + ey * ey <= CLEARANCE * CLEARANCE;
}

/**
 * With the loops apart, whether each outermost loop is an outer (positive, in the fill's sense)
 * and each other loop has the opposite orientation of the smallest loop around it.
 */
function nestingAlternates(raw: Paths64, areas: Float64Array, boxes: Float64Array, total: number): boolean {
  const m = raw.length;
  if (m === 1) return areas[0] > 0;
  let budget = BUDGET * total;
  for (let a = 0; a < m; a++) {
    let parent = -1;
    for (let b = 0; b < m; b++) {
      // b's bounds (left, right, top, bottom) strictly around a's
      if (b === a || boxes[4 * b] >= boxes[4 * a] || boxes[4 * b + 1] <= boxes[4 * a + 1]) continue;
      if (boxes[4 * b + 2] >= boxes[4 * a + 2] || boxes[4 * b + 3] <= boxes[4 * a + 3]) continue;
      if ((budget -= raw[b].length) < 0) return false;
      // Loops apart: one corner of a decides whether all of a lies inside b.
      if (Clipper.pointInPolygon(raw[a][0], raw[b]) !== PointInPolygonResult.IsInside) continue;
      if (parent < 0 || Math.abs(areas[b]) < Math.abs(areas[parent])) parent = b;
    }
    if (parent < 0 ? areas[a] < 0 : Math.sign(areas[a]) === Math.sign(areas[parent])) return false;
  }
  return true;
}
