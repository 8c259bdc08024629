/**
 * One layer of the outline sweep (slice-outlines.ts): its triangles cut at the slicing plane into
 * segments, and the segments chained into loops through the mesh edges they share. Flat typed arrays
 * reused from layer to layer, and no closures: this runs for every crossing of a triangle and a layer.
 */
import type { Path64, Paths64 } from "clipper2-ts";

/** Clipper works in integers: 1 unit = 1 µm. */
export const SCALE = 1000;

/** Vertices this close to a slicing plane (mm) count as on it, and so above it. */
export const ON_PLANE = 1e-5;

/**
 * Scratch of the sweep, reserved once per call (reserveLayers) and reused from layer to layer and call
 * to call (each thread has its own module instance). A layer's segments: the start point (where the
 * segment leaves its triangle going down through the plane, rounded to µm; its end is the next
 * segment's start, so it is not computed) and the mesh edge it ends on (lower, higher vertex index).
 * An open-addressing table maps the edge each segment starts on to the segment, the last one set
 * winning as in a Map. Vertex indices are small integers (V8's Smis), unlike a single number for the
 * pair, which outgrows int32 on large meshes and so drops the hashing to slow double arithmetic.
 * Empty at first: the first (warm-up) call already replaces the arrays, so that a large mesh's
 * growing them later invalidates no optimised code.
 */
const scratch = {
  segX: new Float64Array(0),
  segY: new Float64Array(0),
  endLo: new Int32Array(0),
  endHi: new Int32Array(0),
  used: new Uint8Array(0),
  /** Lower vertex of the edge in each slot (-1: empty), the higher one, the segment. */
  hashLo: new Int32Array(0),
  hashHi: new Int32Array(0),
  hashSeg: new Int32Array(0),
  /** The table's size is 2^(32 - hashShift). */
  hashShift: 22,
  /** One chained loop's points, and which of them the simplification keeps. */
  loopX: new Float64Array(0),
  loopY: new Float64Array(0),
  keep: new Uint8Array(0),
};

/** The table's shift for `count` segments: at least 1024 slots, at most half full. */
function tableShift(count: number): number {
  let shift = 22;
  while (1 << (32 - shift) < 2 * count) shift--;
  return shift;
}

/** Room for layers of up to `count` segments, before the sweep (so no layer grows anything). */
export function reserveLayers(count: number): void {
  if (count > scratch.segX.length || scratch.segX.length === 0) {
    const size = Math.max(1024, count, 2 * scratch.segX.length);
    scratch.segX = new Float64Array(size);
    scratch.segY = new Float64Array(size);
    scratch.endLo = new Int32Array(size);
    scratch.endHi = new Int32Array(size);
    scratch.used = new Uint8Array(size);
    scratch.loopX = new Float64Array(size);
    scratch.loopY = new Float64Array(size);
    scratch.keep = new Uint8Array(size);
  }
  const slots = 1 << (32 - tableShift(count));
  if (slots > scratch.hashLo.length) {
    scratch.hashLo = new Int32Array(slots);
    scratch.hashHi = new Int32Array(slots);
    scratch.hashSeg = new Int32Array(slots);
  }
}

/** The slot of edge (lo, hi) in the table, or the empty slot where it would go. */
function edgeSlot(hashLo: Int32Array, hashHi: Int32Array, shift: number, lo: number, hi: number): number {
  const mask = (1 << (32 - shift)) - 1;
  let slot = Math.imul(lo ^ Math.imul(hi, 0x85ebca6b), 0x9e3779b1) >>> shift;
  while (hashLo[slot] !== -1 && (hashLo[slot] !== lo || hashHi[slot] !== hi)) slot = (slot + 1) & mask;
  return slot;
}

/**
 * Cuts the active triangles (at most reserveLayers' count) at height z into this layer's segments,
 * each entered in the table under the edge it starts on; returns their count. Triangle k's vertex
 * indices are corners[3k … 3k + 2].
 */
export function cutTriangles(
  positions: Float32Array | Float64Array,
  corners: Int32Array,
  active: Int32Array,
  activeCount: number,
  z: number,
): number {
  // A table at most half full, cleared.
  const hashShift = tableShift(activeCount);
  scratch.hashLo.fill(-1, 0, 1 << (32 - hashShift));
  scratch.hashShift = hashShift;
  const { segX, segY, endLo, endHi, hashLo, hashHi, hashSeg } = scratch;
  const below = z - ON_PLANE;
  let segs = 0;
  for (let k = 0; k < activeCount; k++) {
    const t = active[k];
    const v0 = corners[3 * t],
      v1 = corners[3 * t + 1],
      v2 = corners[3 * t + 2];
    const above0 = positions[3 * v0 + 2] > below,
      above1 = positions[3 * v1 + 2] > below,
      above2 = positions[3 * v2 + 2] > below;
    if (above0 === above1 && above1 === above2) continue;
    // Walking the triangle's edges in its winding order, the segment runs from the point on the
    // edge going down through the plane to the point on the edge going up: that keeps the solid on
    // the left, so outer outlines come out counter-clockwise seen from above.
    let downA = 0,
      downB = 0,
      upA = 0,
      upB = 0;
    // Edges v0→v1, v1→v2, v2→v0 (unrolled: no per-triangle arrays).
    if (above0 !== above1) {
      if (above0) {
        downA = v0;
        downB = v1;
      } else {
        upA = v0;
        upB = v1;
      }
    }
    if (above1 !== above2) {
      if (above1) {
        downA = v1;
        downB = v2;
      } else {
        upA = v1;
        upB = v2;
      }
    }
    if (above2 !== above0) {
      if (above2) {
        downA = v2;
        downB = v0;
      } else {
        upA = v2;
        upB = v0;
      }
    }
    const s = segs++;
    const za = positions[3 * downA + 2],
      zb = positions[3 * downB + 2];
    const f = (z - za) / (zb - za);
    segX[s] = Math.round((positions[3 * downA] + f * (positions[3 * downB] - positions[3 * downA])) * SCALE);
    segY[s] = Math.round(
      (positions[3 * downA + 1] + f * (positions[3 * downB + 1] - positions[3 * downA + 1])) * SCALE,
    );
    endLo[s] = upA < upB ? upA : upB;
    endHi[s] = upA < upB ? upB : upA;
    const lo = downA < downB ? downA : downB,
      hi = downA < downB ? downB : downA;
    const slot = edgeSlot(hashLo, hashHi, hashShift, lo, hi);
    hashLo[slot] = lo;
    hashHi[slot] = hi;
    hashSeg[slot] = s;
  }
  return segs;
}

/**
 * The layer's `count` segments as loops: follows segment ends to starts on the same mesh edge; open
 * chains (a hole in the mesh) are closed. Each loop is simplified (Clipper's Ramer–Douglas–Peucker,
 * the same points kept) before its points become Point64 objects: on a fine mesh most are dropped,
 * and so never allocated. Loops of under 3 points are left out.
 */
export function chainLoops(count: number, resolution: number): Paths64 {
  const { segX, segY, endLo, endHi, used, hashLo, hashHi, hashSeg, hashShift } = scratch;
  used.fill(0, 0, count);
  const { loopX, loopY, keep } = scratch;
  const paths: Paths64 = [];
  for (let s0 = 0; s0 < count; s0++) {
    if (used[s0]) continue;
    let n = 0;
    let s = s0;
    while (s >= 0 && !used[s]) {
      used[s] = 1;
      loopX[n] = segX[s];
      loopY[n++] = segY[s];
      const slot = edgeSlot(hashLo, hashHi, hashShift, endLo[s], endHi[s]);
      s = hashLo[slot] === -1 ? -1 : hashSeg[slot];
    }
    if (n < 3) continue;
    const simplify = resolution > 0 && n >= 5;
    if (simplify) {
      keep.fill(0, 0, n);
      keep[0] = keep[n - 1] = 1;
      rdp(loopX, loopY, keep, 0, n - 1, resolution * resolution);
    }
    const path: Path64 = [];
    for (let k = 0; k < n; k++) if (!simplify || keep[k]) path.push({ x: loopX[k], y: loopY[k] });
    paths.push(path);
  }
  return paths;
}

/**
 * Clipper2's RDP (Clipper.ramerDouglasPeucker) on a loop's points: marks the points it keeps. The
 * distance² = cross² ÷ length is only divided out for a cross² above the best one's: rounded
 * division by the same positive number never reverses an order, so the same point wins.
 */
function rdp(xs: Float64Array, ys: Float64Array, keep: Uint8Array, begin: number, end: number, epsSqrd: number): void {
  for (;;) {
    while (end > begin && xs[begin] === xs[end] && ys[begin] === ys[end]) keep[end--] = 0;
    const x1 = xs[begin],
      y1 = ys[begin];
    const c = xs[end] - x1,
      d = ys[end] - y1;
    const length = c * c + d * d;
    // Clipper counts every distance as 0 then: nothing beyond epsSqrd (≥ 0), so nothing kept.
    if (length === 0) return;
    let idx = 0,
      maxD = 0,
      maxCross2 = 0;
    for (let i = begin + 1; i < end; ++i) {
      const cross = (xs[i] - x1) * d - c * (ys[i] - y1);
      const cross2 = cross * cross;
      if (cross2 <= maxCross2) continue;
      const dist = cross2 / length;
      if (dist <= maxD) continue;
      maxD = dist;
      maxCross2 = cross2;
      idx = i;
    }
    if (maxD <= epsSqrd) return;
    keep[idx] = 1;
    if (idx > begin + 1) rdp(xs, ys, keep, begin, idx, epsSqrd);
    if (idx < end - 1) {
      begin = idx;
      continue;
    }
    return;
  }
}
