/**
 * Slices a triangle mesh into layers the way an FDM slicer does and summarises each layer
 * for the estimator: perimeter loops (by inward offsets), the region inside them, the top,
 * bottom/bridge and internal solid regions, and the sparse-infill region (issue #15).
 *
 * Polygons are clipped and offset with Clipper2 (clipper2-ts) in integer micrometres.
 */
import { Clipper, EndType, FillRule, JoinType, type Path64, type Paths64 } from "clipper2-ts";
import { flowSpacing, solidLayerCount, type PrintProfile } from "./profile";

/** Clipper works in integers: 1 unit = 1 µm. */
const SCALE = 1000;
const AREA = SCALE * SCALE;
/** PrusaSlicer prints perimeter loops shorter than this (2π × 6.5 mm) at small_perimeter_speed. */
export const SMALL_PERIMETER_LENGTH = 2 * Math.PI * 6.5;
/**
 * Corner classes for the motion model, by the jerk factor c of a junction: the largest per-axis
 * speed change there per unit of feed rate (0 straight on, 1 for a right angle on the axes, 2 a
 * reversal). A junction can be taken at min(v, jerk / c). Upper bounds of the bins; corners with
 * c below the first edge never slow the head down.
 */
export const CORNER_BINS = [0.1, 0.2, 0.35, 0.5, 0.75, 1, 1.5, 2.01] as const;
const NBINS = CORNER_BINS.length;

export interface SliceMesh {
  positions: Float32Array | Float64Array;
  indices: Uint32Array;
}

/** Per-layer columns (index = layer, bottom first). Lengths in mm, areas in mm². */
export interface PrintSummary {
  layerCount: number;
  /** Top of each layer and its height. */
  printZ: Float64Array;
  height: Float64Array;
  /** Area of the slice (after elephant-foot compensation on the first layer). */
  area: Float64Array;
  islands: Float64Array;
  /** External perimeter: total length and loop count; internal perimeters likewise. */
  extLength: Float64Array;
  extLoops: Float64Array;
  perimLength: Float64Array;
  perimLoops: Float64Array;
  /** Internal perimeter length in loops shorter than SMALL_PERIMETER_LENGTH. */
  smallPerimLength: Float64Array;
  /** Area covered by the perimeters (slice minus the region inside them). */
  perimeterArea: Float64Array;
  /** Corner histograms (NBINS per layer, see CORNER_BINS) of the external and internal loops. */
  extCorners: Float64Array;
  perimCorners: Float64Array;
  /** Regions inside the perimeters: area, boundary length, number of separate pieces. */
  topArea: Float64Array;
  topBoundary: Float64Array;
  topPieces: Float64Array;
  bridgeArea: Float64Array;
  bridgeBoundary: Float64Array;
  bridgePieces: Float64Array;
  solidArea: Float64Array;
  solidBoundary: Float64Array;
  solidPieces: Float64Array;
  sparseArea: Float64Array;
  sparseBoundary: Float64Array;
  sparsePieces: Float64Array;
  /** Perimeter of the convex hull of the first layer (the skirt follows it at a distance). */
  firstLayerHullLength: number;
  /** Extent of the first layer, for the travel model. */
  footprint: { width: number; depth: number };
}

// ---------------------------------------------------------------------------------------------
// Layer heights

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

  // Layer range [first, last] each triangle crosses; bucket by first (counting sort).
  const first = new Int32Array(triCount);
  const last = new Int32Array(triCount);
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
    last[t] = l;
    bucketCount[f + 1]++;
  }
  for (let i = 0; i < layers; i++) bucketCount[i + 1] += bucketCount[i];
  const order = new Uint32Array(bucketCount[layers]);
  const fillAt = bucketCount.slice(0, layers);
  for (let t = 0; t < triCount; t++) if (first[t] >= 0) order[fillAt[first[t]]++] = t;

  const slices: Paths64[] = [];
  let active = new Uint32Array(1024);
  let activeCount = 0;
  let next = 0;
  // Per-layer segment buffers, grown on demand.
  let segCap = 1024;
  let segX = new Float64Array(segCap * 2);
  let segY = new Float64Array(segCap * 2);
  let segStart = new Float64Array(segCap);
  let segEnd = new Float64Array(segCap);
  const startIndex = new Map<number, number>();
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
    while (next < end) active[activeCount++] = order[next++];

    const z = sliceZ(layer, profile) + zMin;
    let segs = 0;
    if (activeCount > segCap) {
      segCap = Math.max(activeCount, segCap * 2);
      segX = new Float64Array(segCap * 2);
      segY = new Float64Array(segCap * 2);
      segStart = new Float64Array(segCap);
      segEnd = new Float64Array(segCap);
    }
    startIndex.clear();
    for (let k = 0; k < activeCount; k++) {
      const t = active[k];
      const v0 = indices[3 * t], v1 = indices[3 * t + 1], v2 = indices[3 * t + 2];
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
      edgePoint(positions, downA, downB, z, segX, segY, 2 * s);
      edgePoint(positions, upA, upB, z, segX, segY, 2 * s + 1);
      segStart[s] = edgeKey(downA, downB, vertexCount);
      segEnd[s] = edgeKey(upA, upB, vertexCount);
      startIndex.set(segStart[s], s);
    }
    slices.push(chainSegments(segs, segX, segY, segEnd, startIndex, resolution));
  }
  return { slices, height };
}

function edgeKey(a: number, b: number, n: number): number {
  return a < b ? a * n + b : b * n + a;
}

function edgePoint(positions: Float32Array | Float64Array, a: number, b: number, z: number, xs: Float64Array, ys: Float64Array, at: number) {
  const za = positions[3 * a + 2], zb = positions[3 * b + 2];
  const t = (z - za) / (zb - za);
  xs[at] = (positions[3 * a] + t * (positions[3 * b] - positions[3 * a])) * SCALE;
  ys[at] = (positions[3 * a + 1] + t * (positions[3 * b + 1] - positions[3 * a + 1])) * SCALE;
}

/** Follows segment ends to starts on the same mesh edge; open chains (a hole in the mesh) are closed. */
function chainSegments(
  count: number,
  xs: Float64Array,
  ys: Float64Array,
  endKey: Float64Array,
  startIndex: Map<number, number>,
  resolution: number,
): Paths64 {
  const used = new Uint8Array(count);
  const paths: Paths64 = [];
  for (let s0 = 0; s0 < count; s0++) {
    if (used[s0]) continue;
    const path: Path64 = [];
    let s = s0;
    while (s !== undefined && !used[s]) {
      used[s] = 1;
      path.push({ x: Math.round(xs[2 * s]), y: Math.round(ys[2 * s]) });
      s = startIndex.get(endKey[s]) as number;
    }
    if (path.length >= 3) paths.push(path);
  }
  const simplified = resolution > 0 ? Clipper.ramerDouglasPeuckerPaths(paths, resolution) : paths;
  return clean(Clipper.union(clean(simplified), FillRule.NonZero));
}

// ---------------------------------------------------------------------------------------------
// Per-layer regions

const pathLength = (path: Path64) => {
  let length = 0;
  for (let i = 0, j = path.length - 1; i < path.length; j = i++) length += Math.hypot(path[i].x - path[j].x, path[i].y - path[j].y);
  return length / SCALE;
};
const pathsLength = (paths: Paths64) => paths.reduce((sum, p) => sum + pathLength(p), 0);
const areaOf = (paths: Paths64) => Clipper.areaPaths(paths) / AREA;
const outerCount = (paths: Paths64) => paths.reduce((n, p) => n + (Clipper.area(p) > 0 ? 1 : 0), 0);
/**
 * Drops degenerate paths: under 3 points, or slivers whose mean width (2 × area ÷ length) is
 * under 10 µm. Differences of near-identical layers are full of zero-area slivers that double
 * back on themselves, and clipper2-ts 2.0.1 can loop forever when such a sliver is fed back into
 * a boolean operation, so every result goes through this.
 */
const MIN_SLIVER_WIDTH = 10; // µm
const clean = (paths: Paths64): Paths64 =>
  paths.filter((p) => p.length >= 3 && (2 * Math.abs(Clipper.area(p))) / Math.max(1, pathLength(p) * SCALE) >= MIN_SLIVER_WIDTH);
const offset = (paths: Paths64, deltaMm: number) =>
  paths.length === 0 ? [] : clean(Clipper.inflatePaths(paths, deltaMm * SCALE, JoinType.Miter, EndType.Polygon, 3));
const diff = (a: Paths64, b: Paths64) => (a.length === 0 ? [] : b.length === 0 ? a : clean(Clipper.difference(a, b, FillRule.NonZero)));
const intersect = (a: Paths64, b: Paths64) => (a.length === 0 || b.length === 0 ? [] : clean(Clipper.intersect(a, b, FillRule.NonZero)));
const unionAll = (list: Paths64[]) => {
  const nonEmpty = list.filter((p) => p.length > 0);
  if (nonEmpty.length === 0) return [];
  if (nonEmpty.length === 1) return nonEmpty[0];
  return clean(Clipper.union(nonEmpty.flat(), FillRule.NonZero));
};
/** Drops slivers thinner than `widthMm` (morphological opening), as slicers do for solid regions. */
const opening = (paths: Paths64, widthMm: number) => (paths.length === 0 ? [] : offset(offset(paths, -widthMm / 2), widthMm / 2));

/** Adds a closed loop's junctions to a corner histogram (per-axis jerk factor, see CORNER_BINS). */
function addCorners(paths: Paths64, hist: Float64Array, base: number) {
  for (const path of paths) {
    const n = path.length;
    if (n < 3) continue;
    let px = path[n - 1].x - path[n - 2].x, py = path[n - 1].y - path[n - 2].y;
    let pl = Math.hypot(px, py) || 1;
    px /= pl; py /= pl;
    for (let i = 0; i < n; i++) {
      const a = path[i === 0 ? n - 1 : i - 1], b = path[i];
      let dx = b.x - a.x, dy = b.y - a.y;
      const dl = Math.hypot(dx, dy);
      if (dl === 0) continue;
      dx /= dl; dy /= dl;
      const c = Math.max(axisJerk(px, dx), axisJerk(py, dy));
      if (c >= CORNER_BINS[0] * 0.5) {
        let bin = 0;
        while (bin < NBINS - 1 && c > CORNER_BINS[bin]) bin++;
        hist[base + bin]++;
      }
      px = dx; py = dy; pl = dl;
    }
  }
}

/**
 * Speed change of one axis at a junction per unit feed rate, as a Marlin-style planner (and
 * PrusaSlicer's estimator) counts it: the difference when the axis keeps its direction, the larger
 * magnitude when it reverses.
 */
export function axisJerk(exit: number, entry: number): number {
  if (exit > entry) return entry > 0 || exit < 0 ? exit - entry : Math.max(exit, -entry);
  return entry < 0 || exit > 0 ? entry - exit : Math.max(-exit, entry);
}

function convexHullLength(paths: Paths64): number {
  const pts = paths.flat().map((p) => [p.x, p.y] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length < 3) return 0;
  const cross = (o: readonly number[], a: readonly number[], b: readonly number[]) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: (readonly [number, number])[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: (readonly [number, number])[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  const hull = [...lower.slice(0, -1), ...upper.slice(0, -1)];
  return pathLength(hull.map(([x, y]) => ({ x, y })));
}

const pointCount = (list: Paths64[]) => list.reduce((sum, paths) => sum + paths.reduce((m, p) => m + p.length, 0), 0);

/** Exact equality of two outlines (same paths, same points, same order). */
function samePaths(a: Paths64, b: Paths64): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let p = 0; p < a.length; p++) {
    const pa = a[p], pb = b[p];
    if (pa.length !== pb.length) return false;
    for (let k = 0; k < pa.length; k++) if (pa[k].x !== pb[k].x || pa[k].y !== pb[k].y) return false;
  }
  return true;
}

/**
 * For every layer i with a full window, the intersection of the outlines of layers
 * i − below … i + above (undefined elsewhere). Sliding-window aggregation in blocks of the window
 * size: each window is a suffix of one block intersected with a prefix of the next, so every
 * layer costs about three two-operand intersections whatever the window size. Repeated outlines
 * (prismatic parts) are recognised and not intersected again.
 */
function windowIntersections(slices: Paths64[], below: number, above: number): (i: number) => Paths64 {
  const n = slices.length;
  const w = below + above + 1;
  const meet = (a: Paths64, b: Paths64) => (samePaths(a, b) ? a : intersect(a, b));
  const prefix: Paths64[] = new Array(n);
  const suffix: Paths64[] = new Array(n);
  const done = new Uint8Array(Math.ceil(n / w));
  // Blocks are computed on first use: most layers of most parts never need one.
  const block = (start: number) => {
    if (done[start / w]) return;
    done[start / w] = 1;
    const end = Math.min(n, start + w) - 1;
    prefix[start] = slices[start];
    for (let j = start + 1; j <= end; j++) prefix[j] = meet(prefix[j - 1], slices[j]);
    suffix[end] = slices[end];
    for (let j = end - 1; j >= start; j--) suffix[j] = meet(slices[j], suffix[j + 1]);
  };
  return (i: number) => {
    const a = i - below, b = a + w - 1;
    block(a - (a % w));
    if (a % w === 0) return suffix[a];
    block(b - (b % w));
    return meet(suffix[a], prefix[b]);
  };
}

/** Slices the mesh and summarises every layer (independent of the infill density). */
export function slicePrint(mesh: SliceMesh, profile: PrintProfile): PrintSummary {
  const { slices: rawSlices } = sliceOutlines(mesh, profile);
  const n = rawSlices.length;
  const col = () => new Float64Array(n);
  const summary: PrintSummary = {
    layerCount: n,
    printZ: col(), height: col(), area: col(), islands: col(),
    extLength: col(), extLoops: col(), perimLength: col(), perimLoops: col(), smallPerimLength: col(), perimeterArea: col(),
    extCorners: new Float64Array(n * NBINS), perimCorners: new Float64Array(n * NBINS),
    topArea: col(), topBoundary: col(), topPieces: col(),
    bridgeArea: col(), bridgeBoundary: col(), bridgePieces: col(),
    solidArea: col(), solidBoundary: col(), solidPieces: col(),
    sparseArea: col(), sparseBoundary: col(), sparsePieces: col(),
    firstLayerHullLength: 0,
    footprint: { width: 0, depth: 0 },
  };
  if (n === 0) return summary;

  const slices = rawSlices.slice();
  if (profile.elephantFootCompensation > 0) slices[0] = offset(slices[0], -profile.elephantFootCompensation);

  const h0 = profile.firstLayerHeight, h = profile.layerHeight;
  const topLayers = solidLayerCount(profile.topSolidLayers, profile.topSolidMinThickness, h);
  const bottomLayers = solidLayerCount(profile.bottomSolidLayers, profile.bottomSolidMinThickness, h);
  const wExt = profile.widths.externalPerimeter, wPer = profile.widths.perimeter;
  const solidWidth = profile.widths.solidInfill;

  // The solid shells are the exposed tops (S_j − S_j+1) projected down over topLayers and the
  // exposed bottoms (S_j − S_j−1) projected up over bottomLayers, inside each layer's infill
  // region. Within S_i their union is S_i minus the points every one of the layers i − bottomLayers
  // … i + topLayers covers (the first layer that leaves a point out exposes it), so the shell is
  // the infill region minus that window's intersection: one sliding-window intersection instead
  // of a union over the solid layers per layer. Layers too near the bottom or the top for a full
  // window are solid throughout (or, near the bottom, get the explicit union, see below).
  const core = windowIntersections(rawSlices, bottomLayers, topLayers);
  // Exposed tops and bottoms; repeated outlines expose nothing.
  const exposedTop: Paths64[] = [];
  const exposedBottom: Paths64[] = [];
  for (let j = 0; j < n; j++) {
    exposedTop.push(j === n - 1 ? slices[j] : samePaths(slices[j], slices[j + 1]) ? [] : diff(slices[j], slices[j + 1]));
    exposedBottom.push(j === 0 ? slices[j] : samePaths(slices[j], rawSlices[j - 1]) ? [] : diff(slices[j], rawSlices[j - 1]));
  }

  // Layers whose outline repeats the previous one's (prismatic parts) reuse its perimeters.
  let previous: { s: Paths64; ext: Paths64; loops: Paths64[]; fill: Paths64 } | undefined;

  for (let i = 0; i < n; i++) {
    const height = i === 0 ? h0 : h;
    summary.height[i] = height;
    summary.printZ[i] = h0 + (i === 0 ? 0 : i * h);
    const s = slices[i];
    summary.area[i] = areaOf(s);
    summary.islands[i] = outerCount(s);
    if (s.length === 0) continue;

    const extW = i === 0 ? profile.widths.firstLayer : wExt;
    const perW = i === 0 ? profile.widths.firstLayer : wPer;
    const extSpacing = flowSpacing(extW, height);
    const perSpacing = flowSpacing(perW, height);

    // Perimeter centre lines: the external one half a width in, the next ones a spacing further;
    // the infill region starts half a spacing inside the innermost perimeter.
    let ext: Paths64, loops: Paths64[], fill: Paths64;
    if (i >= 2 && previous && samePaths(previous.s, s)) {
      ({ ext, loops, fill } = previous);
    } else {
      ext = offset(s, -extW / 2);
      loops = [];
      let depth = extW / 2;
      let innerMost = ext;
      let innerSpacing = extSpacing;
      for (let k = 1; k < profile.perimeters; k++) {
        depth += k === 1 ? (extSpacing + perSpacing) / 2 : perSpacing;
        const loop = offset(s, -depth);
        if (loop.length === 0) break;
        loops.push(loop);
        innerMost = loop;
        innerSpacing = perSpacing;
      }
      fill = innerMost.length > 0 ? offset(innerMost, -innerSpacing / 2) : [];
    }
    previous = i === 0 ? undefined : { s, ext, loops, fill };
    summary.extLength[i] = pathsLength(ext);
    summary.extLoops[i] = ext.length;
    addCorners(ext, summary.extCorners, i * NBINS);
    for (const loop of loops) {
      for (const path of loop) {
        const length = pathLength(path);
        summary.perimLength[i] += length;
        if (length < SMALL_PERIMETER_LENGTH) summary.smallPerimLength[i] += length;
      }
      summary.perimLoops[i] += loop.length;
      addCorners(loop, summary.perimCorners, i * NBINS);
    }
    const fillArea = areaOf(fill);
    summary.perimeterArea[i] = Math.max(0, summary.area[i] - fillArea);
    if (fill.length === 0) continue;

    // Solid shells.
    const sources: Paths64[] = [];
    for (let k = 0; k < topLayers && i + k < n; k++) if (exposedTop[i + k].length > 0) sources.push(exposedTop[i + k]);
    for (let k = 0; k < bottomLayers && i - k >= 0; k++) if (exposedBottom[i - k].length > 0) sources.push(exposedBottom[i - k]);
    let shellRegion: Paths64;
    if (i + topLayers >= n) shellRegion = fill; // the top of the object is within reach
    else if (sources.length === 0) shellRegion = [];
    // Sources small next to the outline (or the first layers, whose outline the elephant-foot
    // compensation shrinks): their union is the cheaper way.
    else if (i < bottomLayers || pointCount(sources) < 6 * pointCount([s])) shellRegion = intersect(fill, unionAll(sources));
    else shellRegion = diff(fill, core(i));
    const shell = opening(shellRegion, solidWidth);
    let top: Paths64 = i === n - 1 ? fill : [], bridge: Paths64 = [], internalSolid: Paths64 = [];
    if (shell.length > 0) {
      // Within the shell (⊂ S_i), S_i − S_i+1 is the shell minus S_i+1, and likewise below.
      if (i < n - 1) top = opening(intersect(shell, exposedTop[i]), solidWidth);
      bridge = i === 0 ? [] : opening(diff(intersect(shell, exposedBottom[i]), top), solidWidth);
      internalSolid = diff(shell, top.length > 0 && bridge.length > 0 ? [...top, ...bridge] : top.length > 0 ? top : bridge);
    }
    const sparse = diff(fill, shell);
    const put = (paths: Paths64, area: Float64Array, boundary: Float64Array, pieces: Float64Array) => {
      area[i] = areaOf(paths);
      boundary[i] = pathsLength(paths);
      pieces[i] = outerCount(paths);
    };
    put(top, summary.topArea, summary.topBoundary, summary.topPieces);
    put(bridge, summary.bridgeArea, summary.bridgeBoundary, summary.bridgePieces);
    put(internalSolid, summary.solidArea, summary.solidBoundary, summary.solidPieces);
    put(sparse, summary.sparseArea, summary.sparseBoundary, summary.sparsePieces);
  }

  summary.firstLayerHullLength = convexHullLength(slices[0]);
  const bounds = Clipper.getBoundsPaths(slices[0]);
  summary.footprint = { width: (bounds.right - bounds.left) / SCALE, depth: (bounds.bottom - bounds.top) / SCALE };
  return summary;
}
