/**
 * Slices a triangle mesh into layers the way an FDM slicer does and summarises each layer
 * for the estimator: perimeter loops (by inward offsets), the region inside them, the top,
 * bottom/bridge and internal solid regions, and the sparse-infill region (issue #15).
 *
 * Polygons are clipped and offset with Clipper2 (clipper2-ts) in integer micrometres.
 */
import { Clipper, FillRule, type Paths64 } from "clipper2-ts";
import { insideApart } from "./contain";
import { nestedOffsets, offsetExact, offsetPolygons } from "./offset";
import { flowSpacing, solidLayerCount, type PrintProfile } from "./profile";
import { SCALE, clean, layerCountFor, pathLength, sliceOutlines, type SliceMesh } from "./slice-outlines";

export { layerCountFor, sliceOutlines, type SliceMesh };

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
// Per-layer regions

const pathsLength = (paths: Paths64) => paths.reduce((sum, p) => sum + pathLength(p), 0);
const areaOf = (paths: Paths64) => Clipper.areaPaths(paths) / AREA;
const outerCount = (paths: Paths64) => paths.reduce((n, p) => n + (Clipper.area(p) > 0 ? 1 : 0), 0);
const offset = (paths: Paths64, deltaMm: number) => (paths.length === 0 ? [] : clean(offsetPolygons(paths, deltaMm * SCALE, 3)));
const diff = (a: Paths64, b: Paths64) => (a.length === 0 ? [] : b.length === 0 ? a : clean(Clipper.difference(a, b, FillRule.NonZero)));
const intersect = (a: Paths64, b: Paths64) => (a.length === 0 || b.length === 0 ? [] : clean(Clipper.intersect(a, b, FillRule.NonZero)));
const unionAll = (list: Paths64[]) => {
  const nonEmpty = list.filter((p) => p.length > 0);
  if (nonEmpty.length === 0) return [];
  if (nonEmpty.length === 1) return nonEmpty[0];
  return clean(Clipper.union(nonEmpty.flat(), FillRule.NonZero));
};
/** `outer` − `inner` for `inner` within `outer`, as paths (NonZero): no clipping needed. */
const ring = (outer: Paths64, inner: Paths64) => [...outer, ...inner.map((p) => p.slice().reverse())];
/** Drops slivers thinner than `widthMm` (morphological opening), as slicers do for solid regions. */
const opening = (paths: Paths64, widthMm: number) => {
  if (paths.length === 0) return [];
  const { offset: eroded, exact } = offsetExact(paths, (-widthMm / 2) * SCALE, 3);
  const kept = clean(eroded);
  // An erosion that only moved every edge in is undone by the dilation: the paths themselves.
  return kept.length === 0 ? [] : exact ? paths : offset(kept, widthMm / 2);
};

/**
 * The perimeter loops and the infill region as in slicePrint, when the outline is smooth enough
 * for nestedOffsets (no loop vanishes, nothing to clean): one Clipper union instead of one per loop.
 */
function nestedPerimeters(s: Paths64, extW: number, extSpacing: number, perSpacing: number, perimeters: number) {
  const depths = [extW / 2];
  for (let k = 1; k < perimeters; k++) depths.push(depths[k - 1] + (k === 1 ? (extSpacing + perSpacing) / 2 : perSpacing));
  depths.push(depths[depths.length - 1] + (perimeters > 1 ? perSpacing : extSpacing) / 2);
  const offsets = nestedOffsets(s, depths.map((d) => -d * SCALE), 3)?.map(clean);
  if (!offsets || offsets.some((o) => o.length === 0)) return undefined;
  return { ext: offsets[0], loops: offsets.slice(1, -1), fill: offsets[offsets.length - 1] };
}

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
 * layer costs at most about three two-operand intersections whatever the window size. Where the
 * outlines are nested (up[j]: S_j ⊆ S_j+1, down[j]: S_j+1 ⊆ S_j, as far as the exposed regions
 * tell), the intersection is the innermost and needs no clipping: a surface sloping one way over
 * the window (domes, cones, the sides of a torus) costs nothing.
 */
function windowIntersections(slices: Paths64[], below: number, above: number, up: Uint8Array, down: Uint8Array): (i: number) => Paths64 {
  const n = slices.length;
  const w = below + above + 1;
  // Prefix sums: the chain j … k (j < k) is nested upwards iff upSum[k] − upSum[j] = k − j.
  const upSum = new Int32Array(n + 1), downSum = new Int32Array(n + 1);
  for (let j = 0; j < n; j++) {
    upSum[j + 1] = upSum[j] + up[j];
    downSum[j + 1] = downSum[j] + down[j];
  }
  // Each entry is a computed intersection, or (index ≥ 0) equal to that layer's outline.
  const prefix: Paths64[] = new Array(n), prefixIs = new Int32Array(n);
  const suffix: Paths64[] = new Array(n), suffixIs = new Int32Array(n);
  let result = -1;
  const meet = (a: Paths64, ai: number, b: Paths64, bi: number): Paths64 => {
    result = -1;
    if (ai >= 0 && bi >= 0) {
      const lo = Math.min(ai, bi), hi = Math.max(ai, bi);
      if (upSum[hi] - upSum[lo] === hi - lo) result = lo;
      else if (downSum[hi] - downSum[lo] === hi - lo) result = hi;
      if (result >= 0) return slices[result];
    }
    if (samePaths(a, b)) {
      result = ai;
      return a;
    }
    return intersect(a, b);
  };
  const done = new Uint8Array(Math.ceil(n / w));
  // Blocks are computed on first use: most layers of most parts never need one.
  const block = (start: number) => {
    if (done[start / w]) return;
    done[start / w] = 1;
    const end = Math.min(n, start + w) - 1;
    prefix[start] = slices[start];
    prefixIs[start] = start;
    for (let j = start + 1; j <= end; j++) {
      prefix[j] = meet(prefix[j - 1], prefixIs[j - 1], slices[j], j);
      prefixIs[j] = result;
    }
    suffix[end] = slices[end];
    suffixIs[end] = end;
    for (let j = end - 1; j >= start; j--) {
      suffix[j] = meet(slices[j], j, suffix[j + 1], suffixIs[j + 1]);
      suffixIs[j] = result;
    }
  };
  return (i: number) => {
    const a = i - below, b = a + w - 1;
    block(a - (a % w));
    if (a % w === 0) return suffix[a];
    block(b - (b % w));
    return meet(suffix[a], suffixIs[a], prefix[b], prefixIs[b]);
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
  // Exposed tops and bottoms; repeated outlines expose nothing. Where one outline of a pair holds
  // the other (a surface sloping one way), the difference that comes out empty is computed first
  // and the other is then the larger outline with the smaller one's paths reversed as holes.
  const exposedTop: Paths64[] = new Array(n);
  const exposedBottom: Paths64[] = new Array(n);
  exposedBottom[0] = slices[0];
  exposedTop[n - 1] = slices[n - 1];
  for (let j = 0; j + 1 < n; j++) {
    const a = slices[j], b = slices[j + 1];
    if (j === 0) {
      exposedTop[0] = samePaths(a, b) ? [] : diff(a, b);
      exposedBottom[1] = samePaths(b, rawSlices[0]) ? [] : diff(b, rawSlices[0]);
    } else if (samePaths(a, b)) {
      exposedTop[j] = exposedBottom[j + 1] = [];
    } else if (Clipper.areaPaths(b) >= Clipper.areaPaths(a)) {
      exposedTop[j] = insideApart(a, b) ? [] : diff(a, b);
      exposedBottom[j + 1] = exposedTop[j].length === 0 ? ring(b, a) : diff(b, a);
    } else {
      exposedBottom[j + 1] = insideApart(b, a) ? [] : diff(b, a);
      exposedTop[j] = exposedBottom[j + 1].length === 0 ? ring(a, b) : diff(a, b);
    }
  }
  // Nesting of the raw outlines where nothing (beyond slivers) is exposed; layer 0's exposed top
  // is that of its compensated outline, so it tells nothing.
  const up = new Uint8Array(n), down = new Uint8Array(n);
  for (let j = 0; j + 1 < n; j++) {
    up[j] = j > 0 && exposedTop[j].length === 0 ? 1 : 0;
    down[j] = exposedBottom[j + 1].length === 0 ? 1 : 0;
  }
  const core = windowIntersections(rawSlices, bottomLayers, topLayers, up, down);

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
    const known = i >= 2 && previous && samePaths(previous.s, s) ? previous : nestedPerimeters(s, extW, extSpacing, perSpacing, profile.perimeters);
    if (known) {
      ({ ext, loops, fill } = known);
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
    else {
      const c = core(i);
      shellRegion = insideApart(fill, c) ? [] : diff(fill, c);
    }
    const shell = opening(shellRegion, solidWidth);
    let top: Paths64 = i === n - 1 ? fill : [], bridge: Paths64 = [], internalSolid: Paths64 = [];
    if (shell.length > 0) {
      // Within the shell (⊂ S_i), S_i − S_i+1 is the shell minus S_i+1, and likewise below.
      if (i < n - 1) top = opening(intersect(shell, exposedTop[i]), solidWidth);
      bridge = i === 0 ? [] : opening(diff(intersect(shell, exposedBottom[i]), top), solidWidth);
      internalSolid = diff(shell, top.length > 0 && bridge.length > 0 ? [...top, ...bridge] : top.length > 0 ? top : bridge);
    }
    const sparse = shell === fill ? [] : diff(fill, shell);
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
