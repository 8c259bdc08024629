/**
 * Slices a triangle mesh into layers the way an FDM slicer does and summarises each layer
 * for the estimator: perimeter loops (by inward offsets), the region inside them, the top,
 * bottom/bridge and internal solid regions, and the sparse-infill region (issue #15).
 *
 * Polygons are clipped and offset with Clipper2 (clipper2-ts) in integer micrometres.
 */
import { Clipper, type Paths64 } from "clipper2-ts";
import { offsetPolygons } from "./offset";
import { flowSpacing, type PrintProfile } from "./profile";
import {
  SCALE,
  clean,
  layerCountFor,
  pathLength,
  sliceOutlines,
  triangleLayers,
  type SliceMesh,
  type TriangleLayers,
} from "./slice-outlines";
import { CORNER_BINS, NBINS, cutSummary, emptySummary, type PrintSummary } from "./print-summary";
import { classifyReach, classifySurfaces, samePaths } from "./surfaces";

export { CORNER_BINS, type PrintSummary } from "./print-summary";
export { layerCountFor, sliceOutlines, type SliceMesh };

const AREA = SCALE * SCALE;
/** PrusaSlicer prints perimeter loops shorter than this (2π × 6.5 mm) at small_perimeter_speed. */
export const SMALL_PERIMETER_LENGTH = 2 * Math.PI * 6.5;
// ---------------------------------------------------------------------------------------------
// Per-layer regions

const pathsLength = (paths: Paths64) => paths.reduce((sum, p) => sum + pathLength(p), 0);
const areaOf = (paths: Paths64) => Clipper.areaPaths(paths) / AREA;
const outerCount = (paths: Paths64) => paths.reduce((n, p) => n + (Clipper.area(p) > 0 ? 1 : 0), 0);
// Clipper's miter offset, with the corners of slight turns placed directly (offset.ts: 3× fewer points on curves).
const offset = (paths: Paths64, deltaMm: number) =>
  paths.length === 0 ? [] : clean(offsetPolygons(paths, deltaMm * SCALE, 3));
/** Adds a closed loop's junctions to a corner histogram (per-axis jerk factor, see CORNER_BINS). */
function addCorners(paths: Paths64, hist: Float64Array, base: number) {
  for (const path of paths) {
    const n = path.length;
    if (n < 3) continue;
    let px = path[n - 1].x - path[n - 2].x,
      py = path[n - 1].y - path[n - 2].y;
    let pl = Math.sqrt(px * px + py * py) || 1;
    px /= pl;
    py /= pl;
    for (let i = 0; i < n; i++) {
      const a = path[i === 0 ? n - 1 : i - 1],
        b = path[i];
      let dx = b.x - a.x,
        dy = b.y - a.y;
      const dl = Math.sqrt(dx * dx + dy * dy);
      if (dl === 0) continue;
      dx /= dl;
      dy /= dl;
      const c = Math.max(axisJerk(px, dx), axisJerk(py, dy));
      if (c >= CORNER_BINS[0] * 0.5) {
        let bin = 0;
        while (bin < NBINS - 1 && c > CORNER_BINS[bin]) bin++;
        hist[base + bin]++;
      }
      px = dx;
      py = dy;
      pl = dl;
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
  const pts = paths
    .flat()
    .map((p) => [p.x, p.y] as const)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length < 3) return 0;
  const cross = (o: readonly number[], a: readonly number[], b: readonly number[]) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
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

/** Slices the mesh and summarises every layer (independent of the infill density). */
export function slicePrint(mesh: SliceMesh, profile: PrintProfile): PrintSummary {
  return slicePrintLayers(mesh, profile);
}

/**
 * The summary of layers [from, to) only (all by default), as slicePrint gives them: the layers
 * are sliced classifyReach further on each side, as far as a layer's surfaces look, so that the
 * shares of two threads join into the whole (parallel-slice.ts).
 */
export function slicePrintLayers(
  mesh: SliceMesh,
  profile: PrintProfile,
  range?: { from: number; to: number },
  crossed: TriangleLayers = triangleLayers(mesh, profile),
): PrintSummary {
  const total = crossed.layers;
  const from = Math.max(0, range?.from ?? 0),
    to = Math.min(total, range?.to ?? total);
  if (to <= from) return emptySummary(0);
  const reach = classifyReach(profile);
  const a = Math.max(0, from - reach),
    b = Math.min(total, to + reach);
  const { slices: rawSlices } = sliceOutlines(mesh, profile, { from: a, to: b }, crossed);
  const summary = summarizeLayers(rawSlices, a, profile);
  return a === from && b === to ? summary : cutSummary(summary, from - a, to - from);
}

/** The summary of the consecutive layers `rawSlices`, the first of them layer `first` of the object. */
function summarizeLayers(rawSlices: Paths64[], first: number, profile: PrintProfile): PrintSummary {
  const n = rawSlices.length;
  const summary = emptySummary(n);
  if (n === 0) return summary;

  const slices = rawSlices.slice();
  if (first === 0 && profile.elephantFootCompensation > 0)
    slices[0] = offset(slices[0], -profile.elephantFootCompensation);

  const h0 = profile.firstLayerHeight,
    h = profile.layerHeight;
  const wExt = profile.widths.externalPerimeter,
    wPer = profile.widths.perimeter;
  const fills: Paths64[] = new Array(n).fill([]);
  const infillSpacing = flowSpacing(profile.widths.infill, h);

  // Layers whose outline repeats the previous one's (prismatic parts) reuse its perimeters.
  let previous: { s: Paths64; ext: Paths64; loops: Paths64[]; fill: Paths64; contourArea: number } | undefined;

  for (let i = 0; i < n; i++) {
    const layer = first + i;
    const height = layer === 0 ? h0 : h;
    summary.height[i] = height;
    summary.printZ[i] = h0 + (layer === 0 ? 0 : layer * h);
    const s = slices[i];
    summary.area[i] = areaOf(s);
    summary.islands[i] = outerCount(s);
    if (s.length === 0) continue;

    const extW = layer === 0 ? profile.widths.firstLayer : wExt;
    const perW = layer === 0 ? profile.widths.firstLayer : wPer;
    const extSpacing = flowSpacing(extW, height);
    const perSpacing = flowSpacing(perW, height);

    // Perimeter centre lines: the external one half a width in, the next ones a spacing further;
    // the infill region starts half a spacing inside the innermost perimeter.
    let ext: Paths64, loops: Paths64[], fill: Paths64, contourArea: number;
    if (layer >= 2 && previous && samePaths(previous.s, s)) {
      ({ ext, loops, fill, contourArea } = previous);
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
      // PrusaSlicer's infill region (fill_expolygons): Arachne's inner contour, grown by infill_overlap
      // into the perimeters. Arachne (LimitedBeadingStrategy) leaves a gap for infill inside the
      // perimeters only where it is at least a perimeter spacing (less 0.01 mm) wide; narrower, it
      // widens the perimeters over it. (PrusaSlicer's own opening by 60 % of a solid spacing is then moot.)
      const narrow = Math.max(0, perSpacing - 0.01) / 2;
      const shrunk = innerMost.length > 0 ? offset(innerMost, -innerSpacing / 2 - narrow) : [];
      fill = shrunk.length > 0 ? offset(shrunk, narrow + profile.infillOverlap) : [];
      contourArea = Math.max(0, areaOf(fill) - profile.infillOverlap * pathsLength(fill));
    }
    previous = layer === 0 ? undefined : { s, ext, loops, fill, contourArea };
    fills[i] = fill;
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
    summary.perimeterArea[i] = Math.max(0, summary.area[i] - contourArea);
  }

  const put = (i: number, paths: Paths64, area: Float64Array, boundary: Float64Array, pieces: Float64Array) => {
    area[i] = areaOf(paths);
    boundary[i] = pathsLength(paths);
    pieces[i] = outerCount(paths);
  };
  classifySurfaces(slices, rawSlices[0], fills, profile).forEach((layer, i) => {
    put(i, layer.top, summary.topArea, summary.topBoundary, summary.topPieces);
    put(i, layer.bridge, summary.bridgeArea, summary.bridgeBoundary, summary.bridgePieces);
    put(i, layer.solid, summary.solidArea, summary.solidBoundary, summary.solidPieces);
    // Sparse infill lines are clipped half an infill spacing inside the region (Fill::fill_surface).
    put(i, offset(layer.sparse, -infillSpacing / 2), summary.sparseArea, summary.sparseBoundary, summary.sparsePieces);
  });

  if (first > 0) return summary;
  summary.firstLayerHullLength = convexHullLength(rawSlices.slice(0, Math.max(1, profile.skirtHeight)).flat());
  const bounds = Clipper.getBoundsPaths(slices[0]);
  summary.footprint = { width: (bounds.right - bounds.left) / SCALE, depth: (bounds.bottom - bounds.top) / SCALE };
  return summary;
}
