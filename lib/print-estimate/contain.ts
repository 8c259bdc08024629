/**
 * A cheap proof that one region lies inside another, to skip Clipper differences that would come
 * out empty (on a part whose every layer differs, most of them do: consecutive outlines of a
 * sloping surface nest, and the infill region sits well inside the solid-shell core). It answers
 * only the clear case, boundaries apart: anything touching, crossing or too costly to check is
 * "not proven" and left to Clipper.
 */
import { Clipper, PointInPolygonResult, type Point64, type Paths64 } from "clipper2-ts";

/** Whether region `a` lies inside region `b` with no point of their boundaries in common. */
export function insideApart(a: Paths64, b: Paths64): boolean {
  if (a.length === 0) return true;
  if (b.length === 0) return false;
  const boxA = Clipper.getBoundsPaths(a),
    boxB = Clipper.getBoundsPaths(b);
  if (boxA.left <= boxB.left || boxA.right >= boxB.right || boxA.top <= boxB.top || boxA.bottom >= boxB.bottom)
    return false;
  const edgesA = a.reduce((m, p) => m + p.length, 0),
    edgesB = b.reduce((m, p) => m + p.length, 0);
  // One point-in-polygon test per path: not worth it with many paths.
  if (a.length * edgesB + b.length * edgesA > 32 * (edgesA + edgesB)) return false;
  if (boundariesMeet(a, b, boxA, edgesA)) return false;
  // The boundaries are apart, so each path lies wholly inside or outside the other region: a is
  // inside b when all of its paths are and none of b's paths is inside a.
  return a.every((p) => pointIn(p[0], b) === 1) && b.every((p) => pointIn(p[0], a) === -1);
}

/**
 * Whether regions `a` and `b` share no point (boundaries apart, neither inside the other), so that
 * their intersection is empty. With the boundaries apart, each path of one lies wholly inside or
 * outside the other region, and a common part would have some path of a inside b or of b inside a.
 */
export function disjointApart(a: Paths64, b: Paths64): boolean {
  if (a.length === 0 || b.length === 0) return true;
  const boxA = Clipper.getBoundsPaths(a),
    boxB = Clipper.getBoundsPaths(b);
  if (boxA.right < boxB.left || boxB.right < boxA.left || boxA.bottom < boxB.top || boxB.bottom < boxA.top) return true;
  const edgesA = a.reduce((m, p) => m + p.length, 0),
    edgesB = b.reduce((m, p) => m + p.length, 0);
  if (a.length * edgesB + b.length * edgesA > 32 * (edgesA + edgesB)) return false;
  if (boundariesMeet(a, b, boxA, edgesA)) return false;
  return a.every((p) => pointIn(p[0], b) === -1) && b.every((p) => pointIn(p[0], a) === -1);
}

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

// Scratch arrays for boundariesMeet, grown on demand.
let scratch = {
  edges: new Float64Array(0),
  first: new Int32Array(0),
  last: new Int32Array(0),
  start: new Int32Array(1),
  at: new Int32Array(0),
  binned: new Int32Array(0),
};

/**
 * Whether any edge of `b` touches or crosses an edge of `a` (closed segments; collinear ones count
 * as meeting). The edges of a are binned in horizontal bands over a's bounds.
 */
function boundariesMeet(
  a: Paths64,
  b: Paths64,
  box: { left: number; top: number; right: number; bottom: number },
  edgeCount: number,
): boolean {
  const bands = Math.max(1, edgeCount >> 2),
    top = box.top,
    bandH = Math.max(1, (box.bottom - top) / bands);
  // a's edges (x0, y0, x1, y1) and the bands they span; then each band's edges, in compressed rows.
  if (edgeCount > scratch.first.length) {
    const size = Math.max(edgeCount, 2 * scratch.first.length);
    const binned = scratch.binned;
    scratch = {
      edges: new Float64Array(4 * size),
      first: new Int32Array(size),
      last: new Int32Array(size),
      start: new Int32Array(size + 1),
      at: new Int32Array(size),
      binned,
    };
  }
  const { edges, first, last, start } = scratch;
  start.fill(0, 0, bands + 1);
  let e = 0;
  for (const path of a) {
    for (let i = 0, j = path.length - 1; i < path.length; j = i++, e++) {
      const y0 = path[j].y,
        y1 = path[i].y;
      edges[4 * e] = path[j].x;
      edges[4 * e + 1] = y0;
      edges[4 * e + 2] = path[i].x;
      edges[4 * e + 3] = y1;
      first[e] = Math.min(bands - 1, Math.floor(((y0 < y1 ? y0 : y1) - top) / bandH));
      last[e] = Math.min(bands - 1, Math.floor(((y0 < y1 ? y1 : y0) - top) / bandH));
      for (let k = first[e]; k <= last[e]; k++) start[k + 1]++;
    }
  }
  for (let k = 0; k < bands; k++) start[k + 1] += start[k];
  if (start[bands] > scratch.binned.length)
    scratch.binned = new Int32Array(Math.max(start[bands], 2 * scratch.binned.length));
  const { binned, at } = scratch;
  at.set(start.subarray(0, bands));
  for (e = 0; e < edgeCount; e++) for (let k = first[e]; k <= last[e]; k++) binned[at[k]++] = e;
  for (const path of b) {
    for (let i = 0, j = path.length - 1; i < path.length; j = i++) {
      const px = path[j].x,
        py = path[j].y,
        qx = path[i].x,
        qy = path[i].y;
      const lo = py < qy ? py : qy,
        hi = py < qy ? qy : py;
      if (hi < top || lo > box.bottom) continue;
      const k0 = Math.max(0, Math.floor((lo - top) / bandH)),
        k1 = Math.min(bands - 1, Math.floor((hi - top) / bandH));
      for (let k = start[k0]; k < start[k1 + 1]; k++) {
        const f = 4 * binned[k];
        if (segmentsMeet(px, py, qx, qy, edges[f], edges[f + 1], edges[f + 2], edges[f + 3])) return true;
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
