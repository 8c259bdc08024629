/**
 * The two ends of a support plan (supports.ts): the grown first layer, and the support layers' own
 * heights between contacts.
 */
import type { PrintProfile } from "./profile";
import type { supportGrid, SupportPlan } from "./supports";
import type { MeshRaster } from "./supports-raster";

/**
 * The first layer: the base grown by raft_first_layer_expansion around the part's first layer
 * (PrusaSlicer grows it in steps so it cannot leak through walls: a geodesic distance here).
 */
export function firstLayer(
  plan: SupportPlan,
  raster: MeshRaster,
  kind: Uint8Array,
  profile: PrintProfile,
  grid: ReturnType<typeof supportGrid>,
) {
  const { cols: W, rangeStart, rangeA } = raster;
  const nPix = rangeStart.length - 1,
    px = grid.pixel;
  const onBed = new Uint8Array(nPix);
  for (let p = 0; p < nPix; p++) if (rangeStart[p] < rangeStart[p + 1] && rangeA[rangeStart[p]] === 0) onBed[p] = 1;
  const reach = Math.round((profile.supports.firstLayerExpansion / px) * 5); // chamfer distance, 5 per pixel
  const dist = new Int32Array(nPix).fill(-1);
  // Buckets by distance (Dijkstra with a bucket queue), each a linked list of entries. A pixel enters once
  // as a source or at most three times (d + 5 to d + 7 from the first neighbour that reaches it, ever
  // lower), so 3 entries a pixel always suffice.
  const head = new Int32Array(reach + 1).fill(-1);
  const entryPixel = new Int32Array(3 * nPix),
    entryNext = new Int32Array(3 * nPix);
  let entries = 0;
  for (let p = 0; p < nPix; p++)
    if (kind[p] === 1) {
      dist[p] = 0;
      entryPixel[entries] = p;
      entryNext[entries] = head[0];
      head[0] = entries++;
    }
  for (let d = 0; d <= reach; d++) {
    for (let entry = head[d]; entry >= 0; entry = entryNext[entry]) {
      const p = entryPixel[entry];
      if (dist[p] !== d) continue;
      for (let dy = -W; dy <= W; dy += W)
        for (let dx = -1; dx <= 1; dx++) {
          const q = p + dy + dx,
            nd = d + (dx !== 0 && dy !== 0 ? 7 : 5);
          if (q === p || q < 0 || q >= nPix || nd > reach || (dist[q] >= 0 && dist[q] <= nd) || onBed[q]) continue;
          dist[q] = nd;
          entryPixel[entries] = q;
          entryNext[entries] = head[nd];
          head[nd] = entries++;
        }
    }
  }
  let count = 0,
    freeEdges = 0,
    partEdges = 0,
    links = 0,
    squares = 0;
  for (let p = W; p < nPix - W; p++) {
    if (dist[p] < 0) continue;
    count++;
    const r = dist[p + 1] >= 0,
      dn = dist[p + W] >= 0;
    if (r) links++;
    if (dn) links++;
    if (r && dn && dist[p + W + 1] >= 0) squares++;
    for (let side = 0; side < 4; side++) {
      const q = side === 0 ? p - 1 : side === 1 ? p + 1 : side === 2 ? p - W : p + W;
      if (dist[q] < 0) {
        if (onBed[q]) partEdges++;
        else freeEdges++;
      }
    }
  }
  const partLength = (partEdges * px * Math.PI) / 4,
    boundary = (freeEdges * px * Math.PI) / 4 + partLength;
  plan.firstLayer = {
    area: Math.max(0, count * px * px - profile.supports.xySpacing * partLength),
    boundary,
    links: boundary * (1 + 1 / Math.PI), // the loop around it, and the rectilinear fill's links along it
    pieces: count > 0 ? Math.max(1, count - links + squares) : 0,
  };
}

/**
 * PrusaSlicer's support layers: between consecutive "extremes" (contact layers, the tops of bottom
 * contacts and the first layer) it prints ceil(distance / max_layer_height) layers of equal height.
 * A support layer prints the regions of the highest object layer at or below it.
 */
export function supportLayers(plan: SupportPlan, extremeLayers: Set<number>, profile: PrintProfile) {
  const h0 = profile.firstLayerHeight,
    h = profile.layerHeight,
    n = plan.layerCount;
  const printZ = (j: number) => h0 + j * h;
  const has = (f: number) => plan.base.area[f] > 0 || plan.dense.area[f] > 0 || (f === 0 && plan.firstLayer.area > 0);
  const extremes = [...new Set([0, ...extremeLayers])].filter((f) => f < n).sort((a, b) => a - b);
  const z: number[] = [],
    height: number[] = [],
    source: number[] = [],
    shared: number[] = [];
  const push = (zs: number, hs: number) => {
    const f = Math.min(n - 1, Math.floor((zs - h0) / h + 1e-6));
    if (f < 0 || !has(f)) return;
    z.push(zs);
    height.push(hs);
    source.push(f);
    shared.push(Math.abs(zs - printZ(f)) < 1e-6 ? 1 : 0);
  };
  push(h0, h0);
  for (let e = 1; e < extremes.length; e++) {
    const from = printZ(extremes[e - 1]),
      to = printZ(extremes[e]);
    const steps = Math.ceil((to - from) / profile.maxLayerHeight - 1e-9);
    for (let q = 1; q <= steps; q++) push(from + ((to - from) * q) / steps, (to - from) / steps);
  }
  return {
    printZ: Float64Array.from(z),
    height: Float64Array.from(height),
    source: Int32Array.from(source),
    shared: Uint8Array.from(shared),
  };
}
