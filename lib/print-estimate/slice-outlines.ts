/**
 * The first half of slicing: a triangle mesh cut at each layer's mid-height into closed outlines (integer
 * micrometre paths for Clipper2). Triangles are counting-sorted by their first layer and swept with an active
 * list, so no layer scans every triangle; cuts are chained into loops through shared mesh edges.
 */
import { Clipper, FillRule, type Path64, type Paths64 } from "clipper2-ts";
import type { PrintProfile } from "./profile";
import { unionOfApartLoops } from "./union-free";

/** Clipper works in integers: 1 unit = 1 µm. */
export const SCALE = 1000;

/** Vertices this close to a slicing plane (mm) count as on it, and so above it. */
const ON_PLANE = 1e-5;

export interface SliceMesh {
  positions: Float32Array | Float64Array;
  indices: Uint32Array;
}

export function layerCountFor(height: number, profile: PrintProfile): number {
  if (height <= 0) return 0;
  return Math.max(1, Math.round((height - profile.firstLayerHeight) / profile.layerHeight) + 1);
}

function zExtent(positions: Float32Array | Float64Array): { zMin: number; zMax: number } {
  let zMin = Infinity;
  let zMax = -Infinity;
  for (let v = 2; v < positions.length; v += 3) {
    const z = positions[v];
    if (z < zMin) zMin = z;
    if (z > zMax) zMax = z;
  }
  return { zMin, zMax };
}

function sliceZ(i: number, p: PrintProfile): number {
  return i === 0 ? p.firstLayerHeight / 2 : p.firstLayerHeight + (i - 0.5) * p.layerHeight;
}

// ---------------------------------------------------------------------------------------------
// Triangle sweep and segment chaining

/** The layers each triangle crosses, [first[t], last[t]] (first[t] = -1: none). */
export interface TriangleLayers {
  layers: number;
  zMin: number;
  height: number;
  first: Int32Array;
  last: Int32Array;
}

/** One pass over the triangles (shared by the threads of parallel-slice.ts, which would each repeat it). */
export function triangleLayers(mesh: SliceMesh, profile: PrintProfile): TriangleLayers {
  const { positions, indices } = mesh;
  const triCount = indices.length / 3;
  const { zMin, zMax } = zExtent(positions);
  const height = zMax - zMin;
  const layers = layerCountFor(height, profile);
  const h0 = profile.firstLayerHeight;
  const h = profile.layerHeight;
  // First layer whose slicing plane is >= z, as a real number before rounding up.
  const firstLayerAtOrAbove = (z: number) => (z <= h0 / 2 ? 0 : Math.ceil((z - h0) / h + 0.5 - 1e-12));
  // Shared memory: handed to the second slicing thread without a copy.
  const first = new Int32Array(new SharedArrayBuffer(4 * triCount));
  const last = new Int32Array(new SharedArrayBuffer(4 * triCount));
  for (let t = 0; t < triCount; t++) {
    const za = positions[3 * indices[3 * t] + 2] - zMin,
      zb = positions[3 * indices[3 * t + 1] + 2] - zMin,
      zc = positions[3 * indices[3 * t + 2] + 2] - zMin;
    const lo = Math.min(za, zb, zc);
    const hi = Math.max(za, zb, zc);
    // Layers with lo < plane <= hi: like PrusaSlicer, a triangle owns its top vertex or edge but not
    // its bottom one, so a face lying in a slicing plane belongs to the layer below it (ON_PLANE).
    const f = firstLayerAtOrAbove(lo + ON_PLANE);
    const l = Math.min(layers - 1, firstLayerAtOrAbove(hi + ON_PLANE) - 1);
    first[t] = f > l || f >= layers ? -1 : f;
    last[t] = l;
  }
  return { layers, zMin, height, first, last };
}

/**
 * Slices the mesh at every layer's mid-height into closed outlines (µm integer paths, union applied):
 * all layers, or those in [from, to) (a thread's share, see parallel-slice.ts; the same paths as the
 * full sweep gives them). `layers`: the object's whole layer count.
 */
export function sliceOutlines(
  mesh: SliceMesh,
  profile: PrintProfile,
  range?: { from: number; to: number },
  crossed: TriangleLayers = triangleLayers(mesh, profile),
): { slices: Paths64[]; height: number; layers: number } {
  const { positions, indices } = mesh;
  const triCount = indices.length / 3;
  const vertexCount = positions.length / 3;
  const { layers, zMin, height, first, last } = crossed;

  // Triangles bucketed by their first layer (counting sort).
  const bucketCount = new Int32Array(layers + 1);
  for (let t = 0; t < triCount; t++) if (first[t] >= 0) bucketCount[first[t] + 1]++;
  for (let i = 0; i < layers; i++) bucketCount[i + 1] += bucketCount[i];
  const order = new Uint32Array(bucketCount[layers]);
  const fillAt = bucketCount.slice(0, layers);
  for (let t = 0; t < triCount; t++) if (first[t] >= 0) order[fillAt[first[t]]++] = t;

  const from = Math.max(0, range?.from ?? 0),
    to = Math.min(layers, range?.to ?? layers);
  const slices: Paths64[] = [];
  let active = new Uint32Array(1024);
  let activeCount = 0;
  // Starting part-way, the triangles begun below and still open, in the order the full sweep keeps
  // them (by first layer, then index): the segments, so the chained paths, come out the same.
  let next = from > 0 ? bucketCount[from] : 0;
  for (let k = 0; k < next; k++) {
    const t = order[k];
    if (last[t] < from) continue;
    if (activeCount === active.length) {
      const grown = new Uint32Array(active.length * 2);
      grown.set(active);
      active = grown;
    }
    active[activeCount++] = t;
  }
  // Per-layer segment buffers, grown on demand.
  let segCap = 1024;
  // A segment's start point (where it leaves the triangle going down through the plane); its end is
  // the next segment's start, so it is not computed.
  let segX = new Float64Array(segCap);
  let segY = new Float64Array(segCap);
  let segStart = new Float64Array(segCap);
  let segEnd = new Float64Array(segCap);
  // Open-addressing hash of segment start keys (edge keys) to segments: the last one set wins, as in a Map.
  let hashKeys = new Float64Array(0);
  let hashVals = new Int32Array(0);
  const resolution = profile.resolution * SCALE;

  for (let layer = from; layer < to; layer++) {
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
    while (next < end) active[activeCount++] = order[next++];

    const z = sliceZ(layer, profile) + zMin;
    let segs = 0;
    if (activeCount > segCap) {
      segCap = Math.max(activeCount, segCap * 2);
      segX = new Float64Array(segCap);
      segY = new Float64Array(segCap);
      segStart = new Float64Array(segCap);
      segEnd = new Float64Array(segCap);
    }
    let hashSize = 1024;
    while (hashSize < 2 * activeCount) hashSize *= 2;
    if (hashKeys.length < hashSize) {
      hashKeys = new Float64Array(hashSize);
      hashVals = new Int32Array(hashSize);
    }
    hashKeys.fill(-1, 0, hashSize);
    const mask = hashSize - 1;
    for (let k = 0; k < activeCount; k++) {
      const t = active[k];
      const v0 = indices[3 * t],
        v1 = indices[3 * t + 1],
        v2 = indices[3 * t + 2];
      const above0 = positions[3 * v0 + 2] > z - ON_PLANE,
        above1 = positions[3 * v1 + 2] > z - ON_PLANE,
        above2 = positions[3 * v2 + 2] > z - ON_PLANE;
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
      edgePoint(positions, downA, downB, z, segX, segY, s);
      segStart[s] = edgeKey(downA, downB, vertexCount);
      segEnd[s] = edgeKey(upA, upB, vertexCount);
      hashSet(hashKeys, hashVals, mask, segStart[s], s);
    }
    slices.push(chainSegments(segs, segX, segY, segEnd, hashKeys, hashVals, mask, resolution));
  }
  return { slices, height, layers };
}

/** Slot of `key` in the table, or of the empty slot where it would go (edge keys are ≥ 0; empty is -1). */
function hashSlot(keys: Float64Array, mask: number, key: number): number {
  let slot = (Math.imul(key % 4294967296 | 0, 0x9e3779b1) ^ Math.imul((key / 4294967296) | 0, 0x85ebca6b)) & mask;
  while (keys[slot] !== -1 && keys[slot] !== key) slot = (slot + 1) & mask;
  return slot;
}

function hashSet(keys: Float64Array, vals: Int32Array, mask: number, key: number, value: number) {
  const slot = hashSlot(keys, mask, key);
  keys[slot] = key;
  vals[slot] = value;
}

function edgeKey(a: number, b: number, n: number): number {
  return a < b ? a * n + b : b * n + a;
}

function edgePoint(
  positions: Float32Array | Float64Array,
  a: number,
  b: number,
  z: number,
  xs: Float64Array,
  ys: Float64Array,
  at: number,
) {
  const za = positions[3 * a + 2],
    zb = positions[3 * b + 2];
  const t = (z - za) / (zb - za);
  xs[at] = (positions[3 * a] + t * (positions[3 * b] - positions[3 * a])) * SCALE;
  ys[at] = (positions[3 * a + 1] + t * (positions[3 * b + 1] - positions[3 * a + 1])) * SCALE;
}

// Scratch for chaining: one loop's points, and which of them the simplification keeps. Grown on demand.
let loopX = new Float64Array(1024),
  loopY = new Float64Array(1024);
let keep = new Uint8Array(1024);

/**
 * Follows segment ends to starts on the same mesh edge; open chains (a hole in the mesh) are closed.
 * Each loop is simplified (Clipper's Ramer–Douglas–Peucker, the same points kept) before its points
 * become Point64 objects: on a fine mesh most are dropped, and so never allocated.
 */
function chainSegments(
  count: number,
  xs: Float64Array,
  ys: Float64Array,
  endKey: Float64Array,
  hashKeys: Float64Array,
  hashVals: Int32Array,
  mask: number,
  resolution: number,
): Paths64 {
  const used = new Uint8Array(count);
  const paths: Paths64 = [];
  if (count > loopX.length) {
    loopX = new Float64Array(2 * count);
    loopY = new Float64Array(2 * count);
    keep = new Uint8Array(2 * count);
  }
  for (let s0 = 0; s0 < count; s0++) {
    if (used[s0]) continue;
    let n = 0;
    let s = s0;
    while (s >= 0 && !used[s]) {
      used[s] = 1;
      loopX[n] = Math.round(xs[s]);
      loopY[n++] = Math.round(ys[s]);
      const slot = hashSlot(hashKeys, mask, endKey[s]);
      s = hashKeys[slot] === -1 ? -1 : hashVals[slot];
    }
    if (n < 3) continue;
    const simplify = resolution > 0 && n >= 5;
    if (simplify) {
      keep.fill(0, 0, n);
      keep[0] = keep[n - 1] = 1;
      rdp(0, n - 1, resolution * resolution);
    }
    const path: Path64 = [];
    for (let k = 0; k < n; k++) if (!simplify || keep[k]) path.push({ x: loopX[k], y: loopY[k] });
    paths.push(path);
  }
  // Loops of a sound mesh are apart and nest alternately: the union would return them as they are.
  const loops = clean(paths);
  return clean(unionOfApartLoops(loops, loops, false, true) ?? Clipper.union(loops, FillRule.NonZero));
}

/** Clipper2's RDP (Clipper.ramerDouglasPeucker) on the scratch loop: marks the points it keeps. */
function rdp(begin: number, end: number, epsSqrd: number): void {
  for (;;) {
    while (end > begin && loopX[begin] === loopX[end] && loopY[begin] === loopY[end]) keep[end--] = 0;
    const x1 = loopX[begin],
      y1 = loopY[begin];
    const c = loopX[end] - x1,
      d = loopY[end] - y1;
    const length = c * c + d * d;
    let idx = 0,
      maxD = 0;
    for (let i = begin + 1; i < end; ++i) {
      const cross = (loopX[i] - x1) * d - c * (loopY[i] - y1);
      const dist = length === 0 ? 0 : (cross * cross) / length;
      if (dist <= maxD) continue;
      maxD = dist;
      idx = i;
    }
    if (maxD <= epsSqrd) return;
    keep[idx] = 1;
    if (idx > begin + 1) rdp(begin, idx, epsSqrd);
    if (idx < end - 1) {
      begin = idx;
      continue;
    }
    return;
  }
}

export const pathLength = (path: Path64) => {
  let length = 0;
  // Not Math.hypot: ~10× slower in V8, and integer µm squares are exact in doubles anyway.
  for (let i = 0, j = path.length - 1; i < path.length; j = i++) {
    const dx = path[i].x - path[j].x,
      dy = path[i].y - path[j].y;
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
  paths.filter(
    (p) => p.length >= 3 && (2 * Math.abs(Clipper.area(p))) / Math.max(1, pathLength(p) * SCALE) >= MIN_SLIVER_WIDTH,
  );
