/**
 * The infill surfaces of every layer (top, bridge, solid, sparse) the way PrusaSlicer 2.5 sorts
 * them (PrintObject::prepare_infill), from the layer outlines and the regions inside the perimeters:
 *
 * 1. detect_surfaces_type: a layer's top is what the layer above leaves uncovered, its bottom what
 *    the layer below leaves unsupported (a bridge above the first layer), slivers under a tenth of
 *    the external perimeter width dropped.
 * 2. process_external_surfaces: tops and bridges grow by EXTERNAL_INFILL_MARGIN (3 mm) into the
 *    layer's infill region, for anchoring; the rest is internal.
 * 3. discover_vertical_shells ('ensure_vertical_shell_thickness'): internal infill becomes solid
 *    under the (grown) tops of the layers above and over the bottoms of the layers below within the
 *    solid layer counts, and wherever a neighbour within that range has no infill (its perimeters
 *    or outside: sloped and stepped walls). Regularised by an opening of about a line spacing.
 * 4. bridge_over_infill: solid infill right over sparse infill is printed as bridge infill.
 *
 * Clipper2 (clipper2-ts) in integer micrometres, as in slice.ts.
 */
import { ClipType, Clipper, FillRule, PolyTree64, type PolyPath64, type Paths64 } from "clipper2-ts";
import { disjointApart, insideApart } from "./contain";
import { offsetPolygons } from "./offset";
import { flowSpacing, solidLayerCount, type PrintProfile } from "./profile";
import { SCALE, clean, pathLength } from "./slice-outlines";

export interface LayerSurfaces {
  top: Paths64;
  bridge: Paths64;
  solid: Paths64;
  sparse: Paths64;
}

/** PrusaSlicer's EXTERNAL_INFILL_MARGIN: tops and bridges grow this far into the infill (mm). */
const EXTERNAL_INFILL_MARGIN = 3;
/** Outline resolution for the classification (mm). */
const CLASSIFY_RESOLUTION = 0.1;

// Miter offsets through offset.ts (Clipper's, with fewer points on curves). PrusaSlicer grows and
// opens some of these regions with square joins, which on curves differ by micrometres and double
// the points Clipper sees (docs/pricing.md, "Vertical shells").
const grow = (paths: Paths64, deltaMm: number) =>
  paths.length === 0 ? [] : clean(offsetPolygons(paths, deltaMm * SCALE, 3));
// a inside b with the boundaries apart: the difference is empty, no Clipper call needed.
const diff = (a: Paths64, b: Paths64) =>
  a.length === 0 ? [] : b.length === 0 ? a : insideApart(a, b) ? [] : clean(Clipper.difference(a, b, FillRule.NonZero));
// Regions proven apart have an empty intersection: no Clipper call needed.
const intersect = (a: Paths64, b: Paths64) =>
  a.length === 0 || b.length === 0 || disjointApart(a, b) ? [] : clean(Clipper.intersect(a, b, FillRule.NonZero));
/**
 * a − b (or a ∩ b) without the islands (each outer path with its holes) whose mean width,
 * 2 × area ÷ boundary, is under `widthMm`: a cheap stand-in for an opening by half that width on
 * the thin crescents that similar layers leave (a disk of that diameter has that mean width).
 */
function withoutSlivers(
  op: ClipType.Difference | ClipType.Intersection,
  a: Paths64,
  b: Paths64,
  widthMm: number,
): Paths64 {
  if (a.length === 0 || (op === ClipType.Intersection && b.length === 0)) return [];
  if (op === ClipType.Difference && insideApart(a, b)) return [];
  const tree = new PolyTree64();
  Clipper.booleanOpWithPolyTree(op, a, b, tree, FillRule.NonZero);
  const out: Paths64 = [];
  const visit = (node: PolyPath64) => {
    for (let k = 0; k < node.count; k++) {
      const island = node.child(k);
      const area = island.area();
      let boundary = pathLength(island.poly ?? []);
      for (let j = 0; j < island.count; j++) boundary += pathLength(island.child(j).poly ?? []);
      if (island.poly === null || (2 * area) / Math.max(1, boundary * SCALE) < widthMm * SCALE) continue;
      out.push(island.poly);
      for (let j = 0; j < island.count; j++) {
        const hole = island.child(j);
        if (hole.poly) out.push(hole.poly);
        visit(hole); // islands inside the holes
      }
    }
  };
  visit(tree);
  return clean(out);
}
/** Morphological opening: shrink by `inMm`, grow by `outMm`. */
const opening = (paths: Paths64, inMm: number, outMm = inMm) =>
  paths.length === 0 ? [] : grow(grow(paths, -inMm), outMm);

/** Exact equality of two outlines (same paths, same points, same order). */
export function samePaths(a: Paths64, b: Paths64): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let p = 0; p < a.length; p++) {
    const pa = a[p],
      pb = b[p];
    if (pa.length !== pb.length) return false;
    for (let k = 0; k < pa.length; k++) if (pa[k].x !== pb[k].x || pa[k].y !== pb[k].y) return false;
  }
  return true;
}

/**
 * For each i, list[i + from] ⊕ … ⊕ list[i + to] (cut off at both ends of the list; null when
 * nothing is left). Sliding-window aggregation in blocks of the window's length: a full window is
 * a suffix of one block joined with a prefix of the next, so a layer costs about three two-operand
 * operations however long the window.
 */
function slidingWindow(
  list: Paths64[],
  from: number,
  to: number,
  join: (a: Paths64, b: Paths64) => Paths64,
): (i: number) => Paths64 | null {
  const n = list.length;
  const w = to - from + 1;
  const prefix: Paths64[] = new Array(n);
  const suffix: Paths64[] = new Array(n);
  const done = new Uint8Array(Math.ceil(n / w));
  const block = (start: number) => {
    if (done[start / w]) return;
    done[start / w] = 1;
    const end = Math.min(n, start + w) - 1;
    prefix[start] = list[start];
    for (let j = start + 1; j <= end; j++) prefix[j] = join(prefix[j - 1], list[j]);
    suffix[end] = list[end];
    for (let j = end - 1; j >= start; j--) suffix[j] = join(list[j], suffix[j + 1]);
  };
  return (i: number) => {
    const a = i + from,
      b = i + to;
    if (a < 0 || b >= n) {
      let out: Paths64 | null = null;
      for (let j = Math.max(0, a); j <= Math.min(n - 1, b); j++) out = out === null ? list[j] : join(out, list[j]);
      return out;
    }
    block(a - (a % w));
    if (a % w === 0) return suffix[a];
    block(b - (b % w));
    return join(suffix[a], prefix[b]);
  };
}
const unite = (a: Paths64, b: Paths64) =>
  a.length === 0 ? b : b.length === 0 ? a : clean(Clipper.union([...a, ...b], FillRule.NonZero));
// Nested regions (consecutive layers of a sloping wall) meet in the inner one: no Clipper call.
const meet = (a: Paths64, b: Paths64) =>
  samePaths(a, b) || insideApart(a, b) ? a : insideApart(b, a) ? b : intersect(a, b);

/**
 * `join` remembering its results by the operands' identity. The windows above and below a layer
 * run over the same infill regions and ask for some of the same intersections (a sixth of them
 * on the benchmark torus); Clipper gives the same answer each time.
 */
function remembered(join: (a: Paths64, b: Paths64) => Paths64): (a: Paths64, b: Paths64) => Paths64 {
  const results = new Map<Paths64, Map<Paths64, Paths64>>();
  return (a, b) => {
    let row = results.get(a);
    if (!row) results.set(a, (row = new Map()));
    let out = row.get(b);
    if (!out) row.set(b, (out = join(a, b)));
    return out;
  };
}

/** How many layers above and below a layer's vertical shells look (step 3). */
function shellLayers(profile: PrintProfile): { above: number; below: number } {
  const h = profile.layerHeight;
  return {
    above: solidLayerCount(profile.topSolidLayers, profile.topSolidMinThickness, h) - 1,
    below: solidLayerCount(profile.bottomSolidLayers, profile.bottomSolidMinThickness, h) - 1,
  };
}

/**
 * How many layers on each side a layer's surfaces depend on. A layer's solid infill looks `below`
 * layers down at bottom shells, each cut against the outline under it, and its internal bridges at
 * the layer under it (below + 2); up, at `above` layers' tops, each cut against the next (above + 1).
 */
export function classifyReach(profile: PrintProfile): number {
  const { above, below } = shellLayers(profile);
  return Math.max(above + 1, below + 2);
}

/**
 * `slices`: the layer outlines as printed (the first with its elephant-foot compensation), `firstRaw`
 * the first layer's outline before it (what the second layer stands on); `fills`: the infill region
 * of each layer (inside the perimeters, grown by infill_overlap).
 */
export function classifySurfaces(
  slicesIn: Paths64[],
  firstRawIn: Paths64,
  fillsIn: Paths64[],
  profile: PrintProfile,
): LayerSurfaces[] {
  // Simplified to 0.1 mm: the Clipper work below grows with the points, and against 0.05 mm the
  // corpus figures moved by a tenth of a percent (docs/benchmarks.md); differences of neighbours
  // simplified apart stay under the sliver filters. Repeated layers share their paths, so they
  // stay recognisably equal.
  const simplified = new Map<Paths64, Paths64>();
  const simplify = (paths: Paths64) => {
    let out = simplified.get(paths);
    if (!out)
      simplified.set(paths, (out = clean(Clipper.ramerDouglasPeuckerPaths(paths, CLASSIFY_RESOLUTION * SCALE))));
    return out;
  };
  const slices = slicesIn.map(simplify),
    fills = fillsIn.map(simplify),
    firstRaw = simplify(firstRawIn);
  const n = slices.length;
  const h = profile.layerHeight;
  const sliver = profile.widths.externalPerimeter / 10;
  // discover_vertical_shells' min_perimeter_infill_spacing.
  const mpis = 1.05 * flowSpacing(profile.widths.solidInfill, h);
  const { above, below } = shellLayers(profile);
  const supportOf = (j: number) => (j === 0 ? firstRaw : slices[j]);

  // 1–2. Tops and bottoms, grown into the infill region; the internal rest; and what each layer
  // projects onto its neighbours for step 3 (the surfaces with their perimeter area, and grown).
  const topGrown: Paths64[] = [],
    bottomGrown: Paths64[] = [],
    internal: Paths64[] = [];
  const topShell: Paths64[] = [],
    bottomShell: Paths64[] = [];
  for (let i = 0; i < n; i++) {
    const s = slices[i],
      fill = fills[i];
    let top =
      i === n - 1
        ? s
        : samePaths(s, slices[i + 1])
          ? []
          : withoutSlivers(ClipType.Difference, s, slices[i + 1], 2 * sliver);
    const bottom =
      i === 0
        ? s
        : samePaths(s, supportOf(i - 1))
          ? []
          : withoutSlivers(ClipType.Difference, s, supportOf(i - 1), 2 * sliver);
    if (top.length > 0 && bottom.length > 0) top = diff(top, bottom); // a membrane counts as a bottom
    const growIn = (paths: Paths64) => {
      const inFill = intersect(paths, fill);
      return inFill.length === 0 ? [] : intersect(grow(inFill, EXTERNAL_INFILL_MARGIN), fill);
    };
    topGrown.push(growIn(top));
    bottomGrown.push(i === 0 ? fill : growIn(bottom));
    internal.push(diff(fill, [...topGrown[i], ...bottomGrown[i]]));
    topShell.push(top.length === 0 ? [] : grow([...top, ...topGrown[i]], mpis));
    bottomShell.push(bottom.length === 0 ? [] : grow([...bottom, ...bottomGrown[i]], mpis));
  }

  // 3. Vertical shells: internal infill under the tops projected from above, over the bottoms
  // projected from below, and outside the infill region of any layer in range (PrusaSlicer's
  // "holes" are the points inside all of them). So the infill that stays sparse is what lies in
  // every neighbour's infill region and under no projected top or bottom: inner − (kept − shells),
  // with kept the intersection of the neighbours' regions (sliding windows of intersections, cheap
  // on sloping walls whose regions nest, and of unions).
  const meetFills = remembered(meet);
  const keptAbove = above > 0 ? slidingWindow(fills, 1, above, meetFills) : () => null;
  const keptBelow = below > 0 ? slidingWindow(fills, -below, -1, meetFills) : () => null;
  const topsAbove = above > 0 ? slidingWindow(topShell, 1, above, unite) : () => null;
  const bottomsBelow = below > 0 ? slidingWindow(bottomShell, -below, -1, unite) : () => null;
  const solid: Paths64[] = [],
    sparse: Paths64[] = [];
  for (let i = 0; i < n; i++) {
    const inner = internal[i];
    solid.push([]);
    sparse.push(inner);
    if (inner.length === 0) continue;
    const ka = keptAbove(i),
      kb = keptBelow(i);
    const kept = ka === null ? kb : kb === null ? ka : meetFills(ka, kb);
    // The shells' unions are concatenated: Clipper's NonZero fill unites them in the next operation.
    const shells = [...(topsAbove(i) ?? []), ...(bottomsBelow(i) ?? [])];
    // Islands too thin to hold a disk of the opening's diameter would not survive it.
    const candidates =
      kept === null
        ? withoutSlivers(ClipType.Intersection, inner, shells, 0.5 * mpis)
        : withoutSlivers(ClipType.Difference, inner, diff(kept, shells), 0.5 * mpis);
    if (candidates.length === 0) continue;
    const shell = opening(candidates, 0.5 * mpis, 0.8 * mpis);
    solid[i] = intersect(inner, shell);
    sparse[i] = diff(inner, shell);
  }

  // 4. Bridges over sparse infill (regions narrower than 6 bridge widths are not worth it), then the
  // fill groups as make_fills trims them: bridges first.
  const bridgeWidth = profile.thickBridges
    ? profile.nozzleDiameter * Math.sqrt(profile.bridgeFlowRatio)
    : profile.widths.solidInfill - (1 - profile.bridgeFlowRatio) * flowSpacing(profile.widths.solidInfill, h);
  const out: LayerSurfaces[] = [];
  for (let i = 0; i < n; i++) {
    if (i === 0) {
      out.push({ top: [], bridge: [], solid: bottomGrown[0], sparse: [] }); // all bottom
      continue;
    }
    let internalBridge: Paths64 = [];
    if (solid[i].length > 0 && sparse[i - 1].length > 0) {
      internalBridge = opening(intersect(solid[i], sparse[i - 1]), 3 * bridgeWidth);
      if (internalBridge.length > 0) solid[i] = diff(solid[i], internalBridge);
    }
    // The internal bridges lie in the internal region, apart from the grown tops and bottoms.
    const bridge = internalBridge.length === 0 ? bottomGrown[i] : [...bottomGrown[i], ...internalBridge];
    const top = bottomGrown[i].length === 0 ? topGrown[i] : diff(topGrown[i], bottomGrown[i]);
    out.push({ top, bridge, solid: solid[i], sparse: sparse[i] });
  }
  return out;
}
