/**
 * Support material as PrusaSlicer 2.5 generates it with automatic "grid" supports
 * (src/libslic3r/SupportMaterial.cpp), on a raster rather than with polygons so that a 1M-triangle mesh
 * costs one pass over its triangles (issue #15):
 *
 * - Overhangs: a bottom surface needs support where it leans out of the layer below by more than
 *   `h / tan(support_material_threshold + 1°)` per layer (PrusaSlicer adds the 1° to make the threshold
 *   inclusive; threshold 0 means half an external perimeter width per layer). Its top contact layer is
 *   support_material_contact_distance below it.
 * - Every pixel keeps the layer ranges where it is inside the part (vertical rays through the mesh), so
 *   the support column under an overhang stops on the part below (bottom contact distance above it).
 * - PrusaSlicer snaps support islands to a grid of support_material_spacing + one line spacing and
 *   propagates whole grid cells down, trimmed by the part; we do the same with cells of that size
 *   (its rasteriser's pixels: the cell size over its oversampling), then keep the support
 *   support_material_xy_spacing away from the part of the layer and its neighbours.
 * - Dense interfaces (support_material_interface_layers, counting the contact layer) only under
 *   overhangs leaning out by more than 60 % of the external perimeter width per layer, as PrusaSlicer.
 * - The first layer of support is grown by raft_first_layer_expansion and printed at
 *   raft_first_layer_density with a loop around it.
 * - Support layers are not synchronised with the object's: between two contact heights PrusaSlicer
 *   prints ceil(distance / max_layer_height) equal layers, many of them at heights of their own.
 *
 * Not modelled: support enforcers and blockers, the "snug" style (treated as grid), rafts, soluble
 * interfaces, bottom interface layers (printed as base, as with PrusaSlicer's 0), dont_support_bridges,
 * support_material_enforce_layers, the honeycomb pattern. supports-extrusion.ts turns a plan into
 * extrusions for estimatePrint.
 */
import { layerCountFor, type SliceMesh } from "./slice-outlines";
import { flowSpacing, type PrintProfile } from "./profile";
import { rasterizeMesh, type MeshRaster } from "./supports-raster";
import { firstLayer, supportLayers } from "./supports-layers";

export interface SupportRegions {
  area: Float64Array;
  boundary: Float64Array;
  /**
   * Extrusion along the boundary besides the lines over the area (mm): PrusaSlicer's zig-zag links
   * line ends across the lines, and base lines also lie on the cell edges along them.
   */
  links: Float64Array;
  pieces: Float64Array;
}

/** The support regions of a mesh, per layer (supports-extrusion.ts turns them into extrusions). */
export interface SupportPlan {
  /** Object layers (as slicePrint's). */
  layerCount: number;
  /** Per object layer: the sparse base and the dense interface (contact layers and those below them). */
  base: SupportRegions;
  dense: SupportRegions;
  /** Height the dense layers are printed at (the support layer step there). */
  denseHeight: Float64Array;
  /** The first support layer, grown by raft_first_layer_expansion. */
  firstLayer: { area: number; boundary: number; links: number; pieces: number };
  /** Support layers: top, height, the object layer whose regions they print, 1 if at that layer's height. */
  layers: { printZ: Float64Array; height: Float64Array; source: Int32Array; shared: Uint8Array };
  /**
   * Bottom surfaces leaning out of the layer below by more than the threshold allows (of a 45° slope
   * with a 50° threshold: the outer fifth of every layer's strip), projected on the bed (mm²).
   */
  overhangArea: number;
}

const regions = (n: number): SupportRegions => ({
  area: new Float64Array(n),
  boundary: new Float64Array(n),
  links: new Float64Array(n),
  pieces: new Float64Array(n),
});

/** PrusaSlicer's support grid: line spacing, cell size, rasteriser pixel (SupportGridParams, SupportGridPattern). */
export function supportGrid(profile: PrintProfile) {
  const lineSpacing = flowSpacing(profile.supports.width, profile.layerHeight);
  const cell = profile.supports.spacing + lineSpacing;
  const oversampling = Math.min(8, Math.max(1, Math.floor(cell / (lineSpacing + 1e-4))));
  const pixel = Math.max(lineSpacing + 2.1e-5, cell / oversampling);
  return { lineSpacing, cell: pixel * oversampling, oversampling, pixel };
}

/** Plans automatic supports for a mesh (z up, the print bed at its lowest point). */
export function planSupports(mesh: SliceMesh, profile: PrintProfile): SupportPlan {
  const sp = profile.supports;
  const grid = supportGrid(profile);
  const h0 = profile.firstLayerHeight,
    h = profile.layerHeight;
  // PrusaSlicer: an overhang leans out by more than lower layer height / tan(threshold + 1°) (or half an
  // external perimeter for threshold 0); a dense interface only beyond 60 % of the perimeter width.
  const extW = profile.widths.externalPerimeter;
  const cot = sp.threshold > 0 ? 1 / Math.tan(((sp.threshold + 1) * Math.PI) / 180) : 0;
  const rule = {
    distance: sp.threshold > 0 ? h * cot : 0.5 * extW,
    denseDistance: 0.6 * extW,
  };
  // Room around the part for a cell of support beyond it and the grown first layer.
  const raster = rasterizeMesh(
    mesh,
    grid.pixel,
    grid.oversampling,
    sp.firstLayerExpansion + 2 * grid.cell,
    profile,
    rule,
  );
  const n = layerCountFor(raster.height, profile);
  const plan: SupportPlan = {
    layerCount: n,
    base: regions(n),
    dense: regions(n),
    denseHeight: new Float64Array(n),
    firstLayer: { area: 0, boundary: 0, links: 0, pieces: 0 },
    layers: {
      printZ: new Float64Array(0),
      height: new Float64Array(0),
      source: new Int32Array(0),
      shared: new Uint8Array(0),
    },
    overhangArea: 0,
  };
  if (n === 0) return plan;
  const printZ = (j: number) => h0 + j * h;
  const bottomZ = (k: number) => (k === 0 ? 0 : h0 + (k - 1) * h);

  // Overhang events, bucketed by their contact layer (contact distance below the overhang's layer).
  const { rangeStart, rangeA, rangeB, overhangs } = raster;
  const count = overhangs.pixel.length;
  const contact = new Int32Array(count).fill(-1);
  const evStart = new Int32Array(n + 1);
  const contactOf = new Int32Array(n + 1); // per overhang layer k: its contact layer (< 0: none)
  for (let k = 0; k <= n; k++) contactOf[k] = Math.floor((bottomZ(k) - sp.contactDistance - h0) / h + 1e-6);
  const { pixel: evPixel, layer: evLayer } = overhangs;
  for (let e = 0; e < count; e++) {
    const k = evLayer[e],
      p = evPixel[e],
      jt = contactOf[k];
    if (jt < 0) continue;
    let keep = true;
    for (let r = rangeStart[p]; r < rangeStart[p + 1]; r++) {
      if (rangeA[r] <= k - 1 && rangeB[r] >= k - 1)
        keep = false; // inside the layer below after all
      else if (sp.buildplateOnly && rangeA[r] < k) keep = false; // part below, not the bed
    }
    if (!keep) continue;
    contact[e] = jt;
    evStart[jt + 1]++;
  }
  plan.overhangArea = raster.overhangArea;
  for (let j = 0; j < n; j++) evStart[j + 1] += evStart[j];
  if (evStart[n] === 0) return plan;
  const evOrder = new Int32Array(evStart[n]);
  const at = evStart.slice(0, n);
  for (let e = 0; e < count; e++) if (contact[e] >= 0) evOrder[at[contact[e]]++] = e;
  // The sweep refills whole cells: one event per cell, layer and kind is enough.
  const { cols: W, cellsX } = raster,
    o = grid.oversampling;
  const seen = new Int32Array(2 * cellsX * raster.cellsY).fill(-1);
  let kept = 0;
  for (let j = 0; j < n; j++) {
    const from = evStart[j],
      to = evStart[j + 1];
    evStart[j] = kept;
    for (let q = from; q < to; q++) {
      const e = evOrder[q],
        p = evPixel[e];
      const key = 2 * (Math.floor(p / W / o) * cellsX + Math.floor((p % W) / o)) + overhangs.dense[e];
      if (seen[key] === j) continue;
      seen[key] = j;
      evOrder[kept++] = e;
    }
  }
  evStart[n] = kept;

  const extremes = sweepLayers(plan, raster, evStart, evOrder, profile, grid);
  plan.layers = supportLayers(plan, extremes, profile);
  for (let f = 0; f < n; f++) plan.denseHeight[f] = h;
  const { printZ: z, height: lh, source } = plan.layers;
  for (let s = 0; s < z.length; s++) if (Math.abs(z[s] - printZ(source[s])) < 1e-6) plan.denseHeight[source[s]] = lh[s];
  return plan;
}

/**
 * Top-down sweep over the object layers (PrusaSlicer's bottom_contact_layers_and_layer_support_areas):
 * contacts join the projection at their layer, the projection loses the pixels the part occupies,
 * every grid cell it still touches is filled up to the part, and the layer's support is that minus the
 * part of the layers below and above it (trim_support_layers_by_object).
 */
function sweepLayers(
  plan: SupportPlan,
  raster: MeshRaster,
  evStart: Int32Array,
  evOrder: Int32Array,
  profile: PrintProfile,
  grid: ReturnType<typeof supportGrid>,
): Set<number> {
  const { cols: W, cellsX, rangeStart, rangeA, rangeB, overhangs } = raster;
  const o = grid.oversampling,
    px = grid.pixel,
    n = plan.layerCount;
  const nPix = rangeStart.length - 1,
    nCells = cellsX * raster.cellsY;
  const sp = profile.supports;
  const buildplateOnly = sp.buildplateOnly;
  const cellOf = (p: number) => Math.floor(p / W / o) * cellsX + Math.floor((p % W) / o);
  const cellBase = (c: number) => Math.floor(c / cellsX) * o * W + (c % cellsX) * o;
  // A cell's pixels only change where the part starts or ends near them (two layers either side, for the
  // trim by the layers around): most cells of most layers are as on the layer above and keep their state.
  const changeStart = new Int32Array(n + 1);
  const changesOf = (a: number, b: number, visit: (j: number) => void) => {
    if (a >= 2) visit(a - 2);
    if (a >= 1) visit(a - 1);
    if (!buildplateOnly && b < n) visit(b);
    if (b + 1 < n) visit(b + 1);
  };
  for (let r = 0; r < rangeA.length; r++) changesOf(rangeA[r], rangeB[r], (j) => changeStart[j + 1]++);
  for (let j = 0; j < n; j++) changeStart[j + 1] += changeStart[j];
  const changed = new Int32Array(changeStart[n]);
  const fillAt = changeStart.slice(0, n);
  for (let p = 0; p < nPix; p++) {
    if (rangeStart[p] === rangeStart[p + 1]) continue;
    const c = cellOf(p);
    for (let r = rangeStart[p]; r < rangeStart[p + 1]; r++)
      changesOf(rangeA[r], rangeB[r], (j) => {
        changed[fillAt[j]++] = c;
      });
  }

  // Per pixel: bit 0 in the projection, bit 1 the part at this layer (build plate only: at or below it),
  // bit 2 the part at the layer below, this one or the one above (the support keeps clear of those).
  const state = new Uint8Array(nPix);
  const kind = new Uint8Array(nPix); // 0 none, 1 base, 2 dense
  const cellOn = new Uint8Array(nCells),
    cellDense = new Uint8Array(nCells);
  const stamp = new Int32Array(nCells).fill(-1); // the layer the cell last changed at
  const contactAt = new Int32Array(nCells).fill(-1 << 30);
  // Per cell: pixel count, then edges free of the part, against it, and against the other kind, each
  // across (x) and along (y) the base lines (PrusaSlicer's support_material_angle 0: lines along x),
  // then links and squares (for the Euler number).
  const S = 9;
  const cache = new Float64Array(nCells * S);
  let active: number[] = [];
  const denseDepth = Math.max(1, sp.interfaceLayers); // the contact layer counts as one
  const gap = sp.xySpacing,
    grow = grid.lineSpacing / 2;
  const bottomGap = sp.bottomContactDistance > 0 ? sp.bottomContactDistance : sp.contactDistance;
  const extremes = new Set<number>(); // contact layers and the tops of bottom contacts
  const partAt = (p: number, lo: number, hi: number) => {
    for (let r = rangeStart[p]; r < rangeStart[p + 1]; r++)
      if ((buildplateOnly && lo === hi ? true : rangeB[r] >= lo) && rangeA[r] <= hi) return true;
    return false;
  };
  const totals = new Float64Array(2 * S);

  for (let j = n - 1; j >= 0; j--) {
    for (let q = changeStart[j]; q < changeStart[j + 1]; q++) stamp[changed[q]] = j;
    let touched = false;
    for (let q = evStart[j]; q < evStart[j + 1]; q++) {
      const e = evOrder[q],
        p = overhangs.pixel[e],
        c = cellOf(p);
      if (partAt(p, j, j)) {
        touched = true;
        continue;
      }
      state[p] |= 1;
      if (!cellOn[c]) {
        cellOn[c] = 1;
        active.push(c);
        stamp[c] = j;
      }
      if (overhangs.dense[e]) contactAt[c] = j;
    }
    if (evStart[j + 1] > evStart[j]) extremes.add(j);
    // Changed cells: drop what the part occupies, refill what is left up to the part.
    const next: number[] = [];
    for (const c of active) {
      const dense = contactAt[c] >= j && contactAt[c] - j < denseDepth ? 2 : 1;
      if (dense !== cellDense[c]) {
        cellDense[c] = dense;
        stamp[c] = j;
      }
      if (stamp[c] !== j) {
        next.push(c);
        continue;
      }
      const base = cellBase(c);
      let left = 0;
      for (let row = base; row < base + o * W; row += W) {
        for (let p = row; p < row + o; p++) {
          let st = state[p] & 1;
          for (let r = rangeStart[p]; r < rangeStart[p + 1]; r++) {
            const ra = rangeA[r],
              rb = rangeB[r];
            if (ra <= j && (buildplateOnly || rb >= j)) st |= 2;
            if (ra <= j + 1 && rb >= j - 1) st |= 4;
          }
          if (st & 2 && st & 1) {
            st &= ~1;
            touched = true;
          }
          left += st & 1;
          state[p] = st;
        }
      }
      if (left === 0) {
        cellOn[c] = 0;
        cellDense[c] = 0;
        for (let row = base; row < base + o * W; row += W) kind.fill(0, row, row + o);
        continue;
      }
      next.push(c);
      for (let row = base; row < base + o * W; row += W) {
        for (let p = row; p < row + o; p++) {
          const st = state[p];
          state[p] = st & 2 ? st & ~1 : st | 1;
          kind[p] = st & 6 ? 0 : dense; // not on the part, nor next to it
        }
      }
    }
    active = next;
    // A bottom contact (bottom_contact_distance, then one layer) where the projection lands on the part.
    if (touched) extremes.add(j + 1 + Math.round(bottomGap / profile.layerHeight));

    // Areas, boundaries (growth by half a line into free space, xy gap from the part) and islands, per
    // cell; a cell keeps its figures while neither it nor a neighbour changed.
    totals.fill(0);
    for (const c of active) {
      let dirty = false;
      for (let dy = -cellsX; dy <= cellsX && !dirty; dy += cellsX)
        for (let dx = -1; dx <= 1; dx++) if (stamp[c + dy + dx] === j) dirty = true;
      if (dirty) cellStats(c, j);
      const t = cellDense[c] === 2 ? S : 0;
      for (let k = 0; k < S; k++) totals[t + k] += cache[S * c + k];
    }
    for (let t = 0; t < 2; t++) {
      const [count, freeX, freeY, partX, partY, seamX, seamY, links, squares] = totals.subarray(S * t, S * t + S);
      if (count === 0) continue;
      const out = t === 0 ? plan.base : plan.dense;
      const partLength = ((partX + partY) * px * Math.PI) / 4; // pixel edges overstate a slanted outline by 4/π
      out.area[j] = Math.max(0, count * px * px + grow * (freeX + freeY) * px - gap * partLength);
      out.boundary[j] = (freeX + freeY + seamX + seamY) * px + partLength;
      // Base (lines along x, on the grid): links across the lines, lines on the cell edges along them,
      // and connect_base_support's arches and caps along the part, about half the boundary in all.
      // Interface (lines along y, support_material_angle + 90°, on no cell edge): the links only.
      out.links[j] = t === 0 ? out.boundary[j] / 2 : ((freeY + partY + seamY) * px) / 2;
      out.pieces[j] = Math.max(1, count - links + squares); // Euler number: islands minus holes
    }
    if (j === 0) firstLayer(plan, raster, kind, profile, grid);
  }
  return extremes;

  /** One cell's pixels of its kind: count, edges (free, against the part, against the other kind; across and along x), links, squares. */
  function cellStats(c: number, j: number) {
    const base = cellBase(c),
      at = S * c;
    cache.fill(0, at, at + S);
    for (let row = base; row < base + o * W; row += W) {
      for (let p = row; p < row + o; p++) {
        const t = kind[p];
        if (t === 0) continue;
        cache[at]++;
        const right = kind[p + 1],
          down = kind[p + W];
        if (right === t) cache[at + 7]++;
        if (down === t) cache[at + 7]++;
        if (right === t && down === t && kind[p + W + 1] === t) cache[at + 8]++;
        for (let side = 0; side < 4; side++) {
          const q = side === 0 ? p - 1 : side === 1 ? p + 1 : side === 2 ? p - W : p + W;
          const k = kind[q];
          if (k === t) continue;
          const along = side >> 1; // 0: an edge across x (left, right), 1: along x (below, above)
          if (k !== 0)
            cache[at + 5 + along]++; // base against interface: an edge of both, not of the support
          else if (cellOn[cellOf(q)] ? state[q] & 4 : partAt(q, j - 1, j + 1)) cache[at + 3 + along]++;
          else cache[at + 1 + along]++;
        }
      }
    }
  }
}
