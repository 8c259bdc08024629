/**
 * The first half of slicing: a triangle mesh cut at each layer's mid-height into closed outlines (integer
 * micrometre paths for Clipper2). Triangles are counting-sorted by their first layer and swept with an active
 * list, so no layer scans every triangle; each layer's cuts are chained into loops (layer-segments.ts).
 */
import { Clipper, FillRule, type Path64, type Paths64 } from "clipper2-ts";
import { ON_PLANE, SCALE, chainLoops, cutTriangles, reserveLayers } from "./layer-segments";
import type { PrintProfile } from "./profile";
import { unionOfApartLoops } from "./union-free";

export { SCALE };

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

/** The first layer whose slicing plane is at or above `z` (mm above the object's bottom). */
function firstLayerAtOrAbove(z: number, h0: number, h: number): number {
  return z <= h0 / 2 ? 0 : Math.ceil((z - h0) / h + 0.5 - 1e-12);
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
    const f = firstLayerAtOrAbove(lo + ON_PLANE, h0, h);
    const l = Math.min(layers - 1, firstLayerAtOrAbove(hi + ON_PLANE, h0, h) - 1);
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
  const { layers, zMin, height, first, last } = crossed;

  // Triangles bucketed by their first layer (counting sort); and the most open at one layer, from how
  // many open and close at each, so that the sweep's arrays are sized once.
  const bucketCount = new Int32Array(layers + 1);
  const closing = new Int32Array(layers + 1);
  for (let t = 0; t < triCount; t++) {
    if (first[t] < 0) continue;
    bucketCount[first[t] + 1]++;
    closing[last[t] + 1]++;
  }
  let open = 0,
    mostOpen = 0;
  for (let i = 0; i < layers; i++) {
    open += bucketCount[i + 1] - closing[i];
    if (open > mostOpen) mostOpen = open;
    bucketCount[i + 1] += bucketCount[i];
  }
  // The crossing triangles' corners and last layers in sweep order (by first layer, then index): read
  // here in index order, the sweep then reads them in its own order, not all over the mesh.
  const corners = new Int32Array(3 * bucketCount[layers]);
  const lastOf = new Int32Array(bucketCount[layers]);
  const fillAt = bucketCount.slice(0, layers);
  for (let t = 0; t < triCount; t++) {
    if (first[t] < 0) continue;
    const p = fillAt[first[t]]++;
    corners[3 * p] = indices[3 * t];
    corners[3 * p + 1] = indices[3 * t + 1];
    corners[3 * p + 2] = indices[3 * t + 2];
    lastOf[p] = last[t];
  }

  const from = Math.max(0, range?.from ?? 0),
    to = Math.min(layers, range?.to ?? layers);
  const slices: Paths64[] = [];
  // The open triangles (their places in the sweep order) and, beside them, their last layers: dropping
  // the finished ones reads both in order.
  const active = new Int32Array(mostOpen);
  const activeLast = new Int32Array(mostOpen);
  let activeCount = 0;
  // Starting part-way, the triangles begun below and still open, in the order the full sweep keeps
  // them (by first layer, then index): the segments, so the chained paths, come out the same.
  let next = from > 0 ? bucketCount[from] : 0;
  for (let k = 0; k < next; k++) {
    if (lastOf[k] < from) continue;
    active[activeCount] = k;
    activeLast[activeCount++] = lastOf[k];
  }
  reserveLayers(mostOpen);
  const resolution = profile.resolution * SCALE;

  for (let layer = from; layer < to; layer++) {
    // Drop the triangles that ended below this layer, add those that start here.
    let kept = 0;
    for (let k = 0; k < activeCount; k++) {
      if (activeLast[k] < layer) continue;
      active[kept] = active[k];
      activeLast[kept++] = activeLast[k];
    }
    activeCount = kept;
    const end = bucketCount[layer + 1];
    for (; next < end; next++) {
      active[activeCount] = next;
      activeLast[activeCount++] = lastOf[next];
    }
    const segments = cutTriangles(positions, corners, active, activeCount, sliceZ(layer, profile) + zMin);
    // Loops of a sound mesh are apart and nest alternately: the union would return them as they are.
    const loops = clean(chainLoops(segments, resolution));
    slices.push(clean(unionOfApartLoops(loops, loops, false, true) ?? Clipper.union(loops, FillRule.NonZero)));
  }
  return { slices, height, layers };
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
