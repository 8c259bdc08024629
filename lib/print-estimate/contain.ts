/**
 * A cheap proof that one region lies inside another, to skip Clipper differences that would come
 * out empty (on a part whose every layer differs, most of them do: consecutive outlines of a
 * sloping surface nest, and the infill region sits well inside the solid-shell core). It answers
 * only the clear case, boundaries apart: anything touching, crossing or too costly to check is
 * "not proven" and left to Clipper.
 */
import { Clipper, PointInPolygonResult, type Point64, type Paths64 } from "clipper2-ts";

/** Bounds of the two regions (left, top, right, bottom), as Clipper.getBoundsPaths gives them. */
const boxA = new Float64Array(4),
  boxB = new Float64Array(4);

/** Whether region `a` lies inside region `b` with no point of their boundaries in common. */
export function insideApart(a: Paths64, b: Paths64): boolean {
  if (a.length === 0) return true;
  if (b.length === 0) return false;
  const edgesA = boundsOf(a, boxA),
    edgesB = boundsOf(b, boxB);
  if (boxA[0] <= boxB[0] || boxA[2] >= boxB[2] || boxA[1] <= boxB[1] || boxA[3] >= boxB[3]) return false;
  // One point-in-polygon test per path: not worth it with many paths.
  if (a.length * edgesB + b.length * edgesA > 32 * (edgesA + edgesB)) return false;
  if (meet(a, b, edgesA, edgesB)) return false;
  // The boundaries are apart, so each path lies wholly inside or outside the other region: a is
  // inside b when all of its paths are and none of b's paths is inside a.
  for (const p of a) if (pointIn(p[0], b) !== 1) return false;
  for (const p of b) if (pointIn(p[0], a) !== -1) return false;
  return true;
}

/**
 * Whether regions `a` and `b` share no point (boundaries apart, neither inside the other), so that
 * their intersection is empty. With the boundaries apart, each path of one lies wholly inside or
 * outside the other region, and a common part would have some path of a inside b or of b inside a.
 */
export function disjointApart(a: Paths64, b: Paths64): boolean {
  if (a.length === 0 || b.length === 0) return true;
  const edgesA = boundsOf(a, boxA),
    edgesB = boundsOf(b, boxB);
  if (boxA[2] < boxB[0] || boxB[2] < boxA[0] || boxA[3] < boxB[1] || boxB[3] < boxA[1]) return true;
  if (a.length * edgesB + b.length * edgesA > 32 * (edgesA + edgesB)) return false;
  if (meet(a, b, edgesA, edgesB)) return false;
  for (const p of a) if (pointIn(p[0], b) !== -1) return false;
  for (const p of b) if (pointIn(p[0], a) !== -1) return false;
  return true;
}

/** Writes the bounds of `paths` into `box` (all 0 without points, as Clipper's); returns their point count. */
function boundsOf(paths: Paths64, box: Float64Array): number {
  let left = Infinity,
    top = Infinity,
    right = -Infinity,
    bottom = -Infinity,
    count = 0;
  for (let p = 0; p < paths.length; p++) {
    const path = paths[p];
    for (let i = 0; i < path.length; i++) {
      const x = path[i].x,
        y = path[i].y;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
    count += path.length;
  }
  if (count === 0) left = top = right = bottom = 0;
  box[0] = left;
  box[1] = top;
  box[2] = right;
  box[3] = bottom;
  return count;
}

/** Whether the boundaries meet: the region with fewer edges is the one binned (boundariesMeet is symmetric). */
const meet = (a: Paths64, b: Paths64, edgesA: number, edgesB: number) =>
  edgesA <= edgesB ? boundariesMeet(a, b, edgesA) : boundariesMeet(b, a, edgesB);

/** 1 inside, -1 outside, 0 on the boundary (Clipper's regions: even-odd over their paths). */
function pointIn(pt: Point64, region: Paths64): number {
  let inside = false;
  for (const path of region) {
    const r = Clipper.pointInPolygon(pt, path);
    if (r === PointInPolygonResult.IsOn) return 0;
    if (r === PointInPolygonResult.IsInside) inside = !inside;
  }
  return inside ? 1 : -1;
}

/** Grid cells per edge of a; at most this many cell entries per edge, else the grid is coarsened. */
const CELLS_PER_EDGE = 1;
const MAX_ENTRIES_PER_EDGE = 8;

// Scratch for boundariesMeet, grown on demand: a's edges (x0, y0, x1, y1, then their bounding box:
// x low and high, y low and high) and the cells their boxes span (first and last column, first and
// last row); the grid's cells of edges.
let edges = new Float64Array(0),
  spans = new Int32Array(0),
  start = new Int32Array(1),
  at = new Int32Array(0),
  binned = new Int32Array(0);

/**
 * Whether any edge of `b` touches or crosses an edge of `a` (closed segments; collinear ones count
 * as meeting), with boxA and boxB their regions' bounds. Edges meet only inside both bounds, so
 * only the edges reaching that window count; a's are binned in a uniform grid over it (bounding
 * boxes, about CELLS_PER_EDGE cells per edge), and each edge of b is tested against those in the
 * cells its bounding box covers. Two edges with a common point share the cell of the lowest x and
 * y their boxes have in common (a cell index never falls as a coordinate grows), so none is missed.
 */
function boundariesMeet(a: Paths64, b: Paths64, edgeCount: number): boolean {
  const left = Math.max(boxA[0], boxB[0]),
    top = Math.max(boxA[1], boxB[1]),
    right = Math.min(boxA[2], boxB[2]),
    bottom = Math.min(boxA[3], boxB[3]);
  const w = right - left,
    h = bottom - top;
  // The finest grid: square cells where the window allows. A coordinate's column is
  // (x - left) × colScale with x clamped to the window, truncated (at most cols - 1).
  const side = Math.sqrt((Math.max(1, w) * Math.max(1, h)) / (CELLS_PER_EDGE * edgeCount));
  const cols = Math.min(CELLS_PER_EDGE * edgeCount, Math.max(1, Math.ceil(w / side))),
    rows = Math.min(CELLS_PER_EDGE * edgeCount, Math.max(1, Math.ceil(h / side)));
  const colScale = w > 0 ? cols / w : 0,
    rowScale = h > 0 ? rows / h : 0;
  if (4 * edgeCount > spans.length) {
    spans = new Int32Array(Math.max(4 * edgeCount, 2 * spans.length));
    edges = new Float64Array(2 * spans.length);
  }
  let n = 0,
    entries = 0;
  for (const path of a) {
    for (let i = 0, j = path.length - 1; i < path.length; j = i++) {
      const x0 = path[j].x,
        y0 = path[j].y,
        x1 = path[i].x,
        y1 = path[i].y;
      const xLo = x0 < x1 ? x0 : x1,
        xHi = x0 < x1 ? x1 : x0,
        yLo = y0 < y1 ? y0 : y1,
        yHi = y0 < y1 ? y1 : y0;
      if (xHi < left || xLo > right || yHi < top || yLo > bottom) continue;
      const e = 8 * n,
        f = 4 * n++;
      edges[e] = x0;
      edges[e + 1] = y0;
      edges[e + 2] = x1;
      edges[e + 3] = y1;
      edges[e + 4] = xLo;
      edges[e + 5] = xHi;
      edges[e + 6] = yLo;
      edges[e + 7] = yHi;
      spans[f] = Math.min(cols - 1, ((xLo < left ? 0 : xLo - left) * colScale) | 0);
      spans[f + 1] = Math.min(cols - 1, ((xHi > right ? w : xHi - left) * colScale) | 0);
      spans[f + 2] = Math.min(rows - 1, ((yLo < top ? 0 : yLo - top) * rowScale) | 0);
      spans[f + 3] = Math.min(rows - 1, ((yHi > bottom ? h : yHi - top) * rowScale) | 0);
      entries += (spans[f + 1] - spans[f] + 1) * (spans[f + 3] - spans[f + 2] + 1);
    }
  }
  if (n === 0) return false;
  // Coarser grids merge 2^level × 2^level cells (index >> level: still never falling), until the
  // edges' boxes make few entries (long edges in a fine grid would fill many cells).
  let level = 0;
  while (entries > MAX_ENTRIES_PER_EDGE * n && ((cols - 1) >> level > 0 || (rows - 1) >> level > 0)) {
    level++;
    entries = 0;
    for (let f = 0; f < 4 * n; f += 4)
      entries +=
        ((spans[f + 1] >> level) - (spans[f] >> level) + 1) * ((spans[f + 3] >> level) - (spans[f + 2] >> level) + 1);
  }
  const gridCols = ((cols - 1) >> level) + 1,
    cells = gridCols * (((rows - 1) >> level) + 1);
  // Compressed rows: cell c's edges are binned[start[c]] … binned[start[c + 1] - 1].
  if (cells + 1 > start.length) {
    start = new Int32Array(Math.max(cells + 1, 2 * start.length));
    at = new Int32Array(start.length);
  }
  start.fill(0, 0, cells + 1);
  for (let f = 0; f < 4 * n; f += 4)
    for (let y = spans[f + 2] >> level; y <= spans[f + 3] >> level; y++)
      for (let x = spans[f] >> level; x <= spans[f + 1] >> level; x++) start[y * gridCols + x + 1]++;
  for (let c = 0; c < cells; c++) start[c + 1] += start[c];
  if (start[cells] > binned.length) binned = new Int32Array(Math.max(start[cells], 2 * binned.length));
  at.set(start.subarray(0, cells));
  for (let f = 0; f < 4 * n; f += 4)
    for (let y = spans[f + 2] >> level; y <= spans[f + 3] >> level; y++)
      for (let x = spans[f] >> level; x <= spans[f + 1] >> level; x++) binned[at[y * gridCols + x]++] = f;
  for (const path of b) {
    for (let i = 0, j = path.length - 1; i < path.length; j = i++) {
      const px = path[j].x,
        py = path[j].y,
        qx = path[i].x,
        qy = path[i].y;
      const xLo = px < qx ? px : qx,
        xHi = px < qx ? qx : px,
        yLo = py < qy ? py : qy,
        yHi = py < qy ? qy : py;
      if (xHi < left || xLo > right || yHi < top || yLo > bottom) continue;
      const x0 = Math.min(cols - 1, ((xLo < left ? 0 : xLo - left) * colScale) | 0) >> level,
        x1 = Math.min(cols - 1, ((xHi > right ? w : xHi - left) * colScale) | 0) >> level,
        y0 = Math.min(rows - 1, ((yLo < top ? 0 : yLo - top) * rowScale) | 0) >> level,
        y1 = Math.min(rows - 1, ((yHi > bottom ? h : yHi - top) * rowScale) | 0) >> level;
      for (let y = y0; y <= y1; y++) {
        for (let c = y * gridCols + x0; c <= y * gridCols + x1; c++) {
          for (let k = start[c]; k < start[c + 1]; k++) {
            const e = 2 * binned[k];
            // Bounding boxes apart: the segments are (segmentsMeet's first test, both boxes known here).
            if (edges[e + 5] < xLo || xHi < edges[e + 4] || edges[e + 7] < yLo || yHi < edges[e + 6]) continue;
            if (segmentsMeet(px, py, qx, qy, edges[e], edges[e + 1], edges[e + 2], edges[e + 3])) return true;
          }
        }
      }
    }
  }
  return false;
}

/** Closed segments pq and rs share a point (exact for coordinates under 2^26 µm). */
function segmentsMeet(
  px: number,
  py: number,
  qx: number,
  qy: number,
  rx: number,
  ry: number,
  sx: number,
  sy: number,
): boolean {
  if (Math.max(px, qx) < Math.min(rx, sx) || Math.max(rx, sx) < Math.min(px, qx)) return false;
  if (Math.max(py, qy) < Math.min(ry, sy) || Math.max(ry, sy) < Math.min(py, qy)) return false;
  const o1 = (qx - px) * (ry - py) - (qy - py) * (rx - px),
    o2 = (qx - px) * (sy - py) - (qy - py) * (sx - px);
  const o3 = (sx - rx) * (py - ry) - (sy - ry) * (px - rx),
    o4 = (sx - rx) * (qy - ry) - (sy - ry) * (qx - rx);
  return ((o1 <= 0 && o2 >= 0) || (o1 >= 0 && o2 <= 0)) && ((o3 <= 0 && o4 >= 0) || (o3 >= 0 && o4 <= 0));
}
