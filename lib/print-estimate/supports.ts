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
import { rasterizeMesh } from "./supports-raster";
import { supportLayers } from "./supports-layers";
import { pixelCells, sweepLayers } from "./supports-sweep";

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
  const cellOf = pixelCells(raster, grid.oversampling);
  const seen = new Int32Array(2 * raster.cellsX * raster.cellsY).fill(-1);
  let kept = 0;
  for (let j = 0; j < n; j++) {
    const from = evStart[j],
      to = evStart[j + 1];
    evStart[j] = kept;
    for (let q = from; q < to; q++) {
      const e = evOrder[q],
        p = evPixel[e];
      const key = 2 * cellOf[p] + overhangs.dense[e];
      if (seen[key] === j) continue;
      seen[key] = j;
      evOrder[kept++] = e;
    }
  }
  evStart[n] = kept;

  const extremes = sweepLayers(plan, raster, evStart, evOrder, cellOf, profile, grid);
  plan.layers = supportLayers(plan, extremes, profile);
  for (let f = 0; f < n; f++) plan.denseHeight[f] = h;
  const { printZ: z, height: lh, source } = plan.layers;
  for (let s = 0; s < z.length; s++) if (Math.abs(z[s] - printZ(source[s])) < 1e-6) plan.denseHeight[source[s]] = lh[s];
  return plan;
}
