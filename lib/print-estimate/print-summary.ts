/**
 * The per-layer summary a slicing leaves for the estimator (slice.ts builds it, estimate.ts reads
 * it), and how shares of it computed apart (parallel-slice.ts) are cut and joined.
 */

/**
 * Corner classes for the motion model, by the jerk factor c of a junction: the largest per-axis
 * speed change there per unit of feed rate (0 straight on, 1 for a right angle on the axes, 2 a
 * reversal). A junction can be taken at min(v, jerk / c). Upper bounds of the bins; corners with
 * c below the first edge never slow the head down.
 */
export const CORNER_BINS = [0.1, 0.2, 0.35, 0.5, 0.75, 1, 1.5, 2.01] as const;
export const NBINS = CORNER_BINS.length;

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
  /**
   * Regions inside the perimeters (see surfaces.ts): area, boundary length, number of separate
   * pieces. The sparse columns describe the region the infill lines are clipped to (half an infill
   * spacing inside the sparse region).
   */
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
  /** Perimeter of the convex hull of the layers the skirt surrounds (skirt_height; the skirt follows it at a distance). */
  firstLayerHullLength: number;
  /** Extent of the first layer, for the travel model. */
  footprint: { width: number; depth: number };
}

/** A summary of `n` empty layers. */
export function emptySummary(n: number): PrintSummary {
  const col = () => new Float64Array(n);
  return {
    layerCount: n,
    printZ: col(),
    height: col(),
    area: col(),
    islands: col(),
    extLength: col(),
    extLoops: col(),
    perimLength: col(),
    perimLoops: col(),
    smallPerimLength: col(),
    perimeterArea: col(),
    extCorners: new Float64Array(n * NBINS),
    perimCorners: new Float64Array(n * NBINS),
    topArea: col(),
    topBoundary: col(),
    topPieces: col(),
    bridgeArea: col(),
    bridgeBoundary: col(),
    bridgePieces: col(),
    solidArea: col(),
    solidBoundary: col(),
    solidPieces: col(),
    sparseArea: col(),
    sparseBoundary: col(),
    sparsePieces: col(),
    firstLayerHullLength: 0,
    footprint: { width: 0, depth: 0 },
  };
}

type Column = { [K in keyof PrintSummary]: PrintSummary[K] extends Float64Array ? K : never }[keyof PrintSummary];
const COLUMNS = Object.keys(emptySummary(0)).filter(
  (key) => emptySummary(0)[key as keyof PrintSummary] instanceof Float64Array,
) as Column[];
/** Values per layer of a column (the corner histograms hold NBINS). */
const stride = (column: Column) => (column === "extCorners" || column === "perimCorners" ? NBINS : 1);

/** Layers [from, from + count) of a summary; the first-layer figures only with layer 0. */
export function cutSummary(summary: PrintSummary, from: number, count: number): PrintSummary {
  const out = emptySummary(count);
  for (const column of COLUMNS) {
    const k = stride(column);
    out[column] = summary[column].slice(from * k, (from + count) * k);
  }
  if (from === 0) {
    out.firstLayerHullLength = summary.firstLayerHullLength;
    out.footprint = summary.footprint;
  }
  return out;
}

/** Consecutive shares of one object's layers, bottom first, as one summary. */
export function joinSummaries(parts: PrintSummary[]): PrintSummary {
  const out = emptySummary(parts.reduce((n, part) => n + part.layerCount, 0));
  let at = 0;
  for (const part of parts) {
    for (const column of COLUMNS) out[column].set(part[column], at * stride(column));
    at += part.layerCount;
  }
  out.firstLayerHullLength = parts[0]?.firstLayerHullLength ?? 0;
  out.footprint = parts[0]?.footprint ?? { width: 0, depth: 0 };
  return out;
}
