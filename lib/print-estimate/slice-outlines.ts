/**
 * The first half of slicing: a triangle mesh cut at each layer's mid-height into closed outlines (integer
 * micrometre paths for Clipper2). Triangles are counting-sorted by their first layer and swept with an active
 * list, so no layer scans every triangle; cuts are chained into loops through shared mesh edges.
 */
import { Clipper, FillRule, type Path64, type Paths64 } from "clipper2-ts";
import type { PrintProfile } from "./profile";

/** Clipper works in integers: 1 unit = 1 µm. */
export const SCALE = 1000;

export interface SliceMesh {
  positions: Float32Array | Float64Array;
  indices: Uint32Array;
}

export function layerCountFor(height: number, profile: PrintProfile): number {
  if (height <= 0) return 0;
  return Math.max(1, Math.round((height - profile.firstLayerHeight) / profile.layerHeight) + 1);
}

function sliceZ(i: number, p: PrintProfile): number {
  return i === 0 ? p.firstLayerHeight / 2 : p.firstLayerHeight + (i - 0.5) * p.layerHeight;
}

// ---------------------------------------------------------------------------------------------
// Triangle sweep and segment chaining

/** Slices the mesh at every layer's mid-height into closed outlines (µm integer paths, union applied). */
export function sliceOutlines(mesh: SliceMesh, profile: PrintProfile): { slices: Paths64[]; height: number } {
  const { positions, indices } = mesh;
  const triCount = indices.length / 3;
  const vertexCount = positions.length / 3;
  let zMin = Infinity;
  let zMax = -Infinity;
  for (let v = 0; v < vertexCount; v++) {
    const z = positions[3 * v + 2];
    if (z < zMin) zMin = z;
    if (z > zMax) zMax = z;
  }
  const height = zMax - zMin;
  const layers = layerCountFor(height, profile);
  const h0 = profile.firstLayerHeight;
  const h = profile.layerHeight;
  // First layer whose slicing plane is >= z, as a real number before rounding up.
  const firstLayerAtOrAbove = (z: number) => (z <= h0 / 2 ? 0 : Math.ceil((z - h0) / h + 0.5 - 1e-12));

  // Layer range [first, last] each triangle crosses; bucket by first (counting sort), copying each
  // triangle's corners and last layer in that order so the sweep reads them in sequence.
  const first = new Int32Array(triCount);
  const bucketCount = new Int32Array(layers + 1);
  for (let t = 0; t < triCount; t++) {
    const a = indices[3 * t], b = indices[3 * t + 1], c = indices[3 * t + 2];
    const za = positions[3 * a + 2] - zMin, zb = positions[3 * b + 2] - zMin, zc = positions[3 * c + 2] - zMin;
    const lo = Math.min(za, zb, zc);
    const hi = Math.max(za, zb, zc);
    // Layers with lo <= plane < hi.
    const f = firstLayerAtOrAbove(lo);
    const l = Math.min(layers - 1, firstLayerAtOrAbove(hi) - 1);
    if (f > l || f >= layers) {
      first[t] = -1;
      continue;
    }
    first[t] = f;
    bucketCount[f + 1]++;
  }
  for (let i = 0; i < layers; i++) bucketCount[i + 1] += bucketCount[i];
  const sortedCount = bucketCount[layers];
  const corners = new Uint32Array(3 * sortedCount);
  const last = new Int32Array(sortedCount);
  const fillAt = bucketCount.slice(0, layers);
  for (let t = 0; t < triCount; t++) {
    if (first[t] < 0) continue;
    const k = fillAt[first[t]]++;
    const a = indices[3 * t], b = indices[3 * t + 1], c = indices[3 * t + 2];
    corners[3 * k] = a; corners[3 * k + 1] = b; corners[3 * k + 2] = c;
    const hi = Math.max(positions[3 * a + 2], positions[3 * b + 2], positions[3 * c + 2]) - zMin;
    last[k] = Math.min(layers - 1, firstLayerAtOrAbove(hi) - 1);
  }

  const slices: Paths64[] = [];
  let active = new Uint32Array(1024);
  let activeCount = 0;
  let next = 0;
  const buffers = new Segments();
  const resolution = profile.resolution * SCALE;
  for (let layer = 0; layer < layers; layer++) {
    // Drop the triangles that ended below this layer, add those that start here.
    let kept = 0;
    for (let k = 0; k < activeCount; k++) if (last[active[k]] >= layer) active[kept++] = active[k];
    activeCount = kept;
    const end = bucketCount[layer + 1];
    if (activeCount + (end - next) > active.length) {
      const grown = new Uint32Array(Math.max(active.length * 2, activeCount + (end - next)));
      grown.set(active.subarray(0, activeCount));
      active = grown;
    }
    while (next < end) active[activeCount++] = next++;
    buffers.reserve(activeCount);
    const segs = cutTriangles(positions, corners, active, activeCount, sliceZ(layer, profile) + zMin, buffers);
    slices.push(clean(Clipper.union(clean(chainSegments(segs, buffers, resolution)), FillRule.NonZero)));
  }
  return { slices, height };
}

/** Per-layer scratch, grown on demand and reused: no objects until the simplified points. */
class Segments {
  capacity = 0;
  /** Start point of each segment, and the mesh edge (a < b) it ends on. */
  x = new Float64Array(0);
  y = new Float64Array(0);
  endA = new Int32Array(0);
  endB = new Int32Array(0);
  /** The segment starting where each one ends (−1: none), and whether it is chained yet. */
  link = new Int32Array(0);
  used = new Uint8Array(0);
  /** One chain's points, and which of them the simplification keeps. */
  pathX = new Float64Array(0);
  pathY = new Float64Array(0);
  keep = new Uint8Array(0);
  /** Segments by the mesh edge they start on. */
  starts = new EdgeTable();

  reserve(count: number) {
    this.starts.reset(count);
    if (count <= this.capacity) return;
    const n = (this.capacity = Math.max(count, this.capacity * 2, 1024));
    this.x = new Float64Array(n); this.y = new Float64Array(n);
    this.endA = new Int32Array(n); this.endB = new Int32Array(n); this.link = new Int32Array(n);
    this.used = new Uint8Array(n); this.keep = new Uint8Array(n + 1);
    this.pathX = new Float64Array(n + 1); this.pathY = new Float64Array(n + 1);
  }
}

/** Cuts the active triangles at height z into segments; returns their count. */
function cutTriangles(positions: Float32Array | Float64Array, corners: Uint32Array, active: Uint32Array, count: number, z: number, seg: Segments): number {
  const { x, y, endA, endB, starts } = seg;
  let segs = 0;
  for (let k = 0; k < count; k++) {
    const t = active[k];
    const v0 = corners[3 * t], v1 = corners[3 * t + 1], v2 = corners[3 * t + 2];
    const above0 = positions[3 * v0 + 2] > z, above1 = positions[3 * v1 + 2] > z, above2 = positions[3 * v2 + 2] > z;
    if (above0 === above1 && above1 === above2) continue;
    // Walking the triangle's edges in its winding order, the segment runs from the point on the
    // edge going down through the plane to the point on the edge going up: that keeps the solid on
    // the left, so outer outlines come out counter-clockwise seen from above.
    let downA = 0, downB = 0, upA = 0, upB = 0;
    // Edges v0→v1, v1→v2, v2→v0 (unrolled: no per-triangle arrays).
    if (above0 !== above1) { if (above0) { downA = v0; downB = v1; } else { upA = v0; upB = v1; } }
    if (above1 !== above2) { if (above1) { downA = v1; downB = v2; } else { upA = v1; upB = v2; } }
    if (above2 !== above0) { if (above2) { downA = v2; downB = v0; } else { upA = v2; upB = v0; } }
    const s = segs++;
    // Only the start point: the end point is the next segment's start.
    const za = positions[3 * downA + 2], f = (z - za) / (positions[3 * downB + 2] - za);
    x[s] = (positions[3 * downA] + f * (positions[3 * downB] - positions[3 * downA])) * SCALE;
    y[s] = (positions[3 * downA + 1] + f * (positions[3 * downB + 1] - positions[3 * downA + 1])) * SCALE;
    endA[s] = upA < upB ? upA : upB;
    endB[s] = upA < upB ? upB : upA;
    starts.set(downA < downB ? downA : downB, downA < downB ? downB : downA, s);
  }
  return segs;
}

/** Follows segment ends to starts on the same mesh edge; open chains (a hole in the mesh) are closed. */
function chainSegments(segs: number, seg: Segments, resolution: number): Paths64 {
  const { x, y, endA, endB, link, used, pathX, pathY, keep, starts } = seg;
  for (let s = 0; s < segs; s++) link[s] = starts.get(endA[s], endB[s]);
  used.fill(0, 0, segs);
  const paths: Paths64 = [];
  for (let s0 = 0; s0 < segs; s0++) {
    if (used[s0]) continue;
    let n = 0;
    for (let s = s0; s >= 0 && !used[s]; s = link[s]) {
      used[s] = 1;
      pathX[n] = Math.round(x[s]);
      pathY[n++] = Math.round(y[s]);
    }
    if (n >= 3) paths.push(simplify(pathX, pathY, n, resolution, keep));
  }
  return paths;
}

/** Open-addressing map from a mesh edge (a < b) to a segment, in typed arrays reused across layers. */
class EdgeTable {
  private keyA = new Int32Array(0);
  private keyB = new Int32Array(0);
  private value = new Int32Array(0);
  private mask = 0;
  private shift = 0;

  reset(capacity: number) {
    let size = 1024, shift = 22;
    while (size < 2 * capacity) {
      size *= 2;
      shift--;
    }
    if (size > this.keyA.length) {
      this.keyA = new Int32Array(size);
      this.keyB = new Int32Array(size);
      this.value = new Int32Array(size);
    }
    this.mask = size - 1;
    this.shift = shift;
    this.value.fill(-1, 0, size);
  }

  private slot(a: number, b: number): number {
    // Fibonacci hashing: the product's high bits.
    let i = Math.imul(a ^ Math.imul(b, 0x85ebca77), 0x9e3779b1) >>> this.shift;
    while (this.value[i] >= 0 && (this.keyA[i] !== a || this.keyB[i] !== b)) i = (i + 1) & this.mask;
    return i;
  }

  /** A later segment on the same edge replaces the earlier one (non-manifold edges). */
  set(a: number, b: number, value: number) {
    const i = this.slot(a, b);
    this.keyA[i] = a;
    this.keyB[i] = b;
    this.value[i] = value;
  }

  get(a: number, b: number): number {
    return this.value[this.slot(a, b)];
  }
}

/**
 * Clipper.ramerDouglasPeucker on a closed chain held in typed arrays (the same algorithm, so
 * the same points), making point objects only for the points kept.
 */
function simplify(xs: Float64Array, ys: Float64Array, n: number, epsilon: number, keep: Uint8Array): Path64 {
  const path: Path64 = [];
  if (epsilon <= 0 || n < 5) {
    for (let i = 0; i < n; i++) path.push({ x: xs[i], y: ys[i] });
    return path;
  }
  keep.fill(0, 0, n);
  keep[0] = keep[n - 1] = 1;
  rdp(xs, ys, 0, n - 1, epsilon * epsilon, keep);
  for (let i = 0; i < n; i++) if (keep[i]) path.push({ x: xs[i], y: ys[i] });
  return path;
}

function rdp(xs: Float64Array, ys: Float64Array, begin: number, end: number, epsSqrd: number, keep: Uint8Array) {
  for (;;) {
    let idx = 0;
    let maxD = 0;
    while (end > begin && xs[begin] === xs[end] && ys[begin] === ys[end]) keep[end--] = 0;
    const x0 = xs[begin], y0 = ys[begin], c = xs[end] - x0, d = ys[end] - y0, len = c * c + d * d;
    if (len > 0) {
      for (let i = begin + 1; i < end; ++i) {
        const cross = (xs[i] - x0) * d - c * (ys[i] - y0);
        const dist = (cross * cross) / len;
        if (dist <= maxD) continue;
        maxD = dist;
        idx = i;
      }
    }
    if (maxD <= epsSqrd) return;
    keep[idx] = 1;
    if (idx > begin + 1) rdp(xs, ys, begin, idx, epsSqrd, keep);
    if (idx < end - 1) {
      begin = idx;
      continue;
    }
    return;
  }
}

export const pathLength = (path: Path64) => {
  let length = 0;
  // sqrt, not Math.hypot (several times slower): integer µm, no overflow to guard against.
  for (let i = 0, j = path.length - 1; i < path.length; j = i++) {
    const dx = path[i].x - path[j].x, dy = path[i].y - path[j].y;
    length += Math.sqrt(dx * dx + dy * dy);
  }
  return length / SCALE;
};

/**
 * Drops degenerate paths: under 3 points, or slivers whose mean width (2 × area ÷ length) is
 * under 10 µm. Differences of near-identical layers are full of zero-area slivers that double
 * back on themselves, and clipper2-ts 2.0.1 can loop forever when such a sliver is fed back into
 * a boolean operation, so every result goes through this.
 */
const MIN_SLIVER_WIDTH = 10; // µm
export const clean = (paths: Paths64): Paths64 =>
  paths.filter((p) => p.length >= 3 && (2 * Math.abs(Clipper.area(p))) / Math.max(1, pathLength(p) * SCALE) >= MIN_SLIVER_WIDTH);
