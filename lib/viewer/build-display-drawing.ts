import { analyzeDrawing, DEFAULT_NON_CUT_LAYER_PATTERNS } from "@/lib/laser";

export interface DisplayContour {
  role: "outer" | "hole" | "open";
  closed: boolean;
  layer: string;
  /** On a layer that is not cut by default (dimensions, text, bend lines…): shown only when toggled on. */
  ignored: boolean;
  /** x0, y0, x1, y1, … in mm, rounded to 1 µm, as the analysis gives them (a closed contour does not repeat its first point). */
  points: number[];
}

export interface DisplayDrawing {
  kind: "drawing";
  bbox: { min: [number, number]; max: [number, number] };
  layers: string[];
  contours: DisplayContour[];
}

/**
 * A drawing → the contours the browser draws. Read with no layer excluded, so
 * the viewer can toggle the layers the quote ignores.
 */
export async function buildDisplayDrawing(bytes: Uint8Array, filename: string): Promise<DisplayDrawing> {
  const { contours } = await analyzeDrawing(bytes, filename, { nonCutLayerPatterns: [] });
  const min: [number, number] = [Infinity, Infinity];
  const max: [number, number] = [-Infinity, -Infinity];
  const layers = new Set<string>();
  const out = contours.map((contour): DisplayContour => {
    const layer = contour.layer ?? "0";
    layers.add(layer);
    const points = contour.points;
    for (let k = 0; k < points.length; k += 2) {
      min[0] = Math.min(min[0], points[k]);
      min[1] = Math.min(min[1], points[k + 1]);
      max[0] = Math.max(max[0], points[k]);
      max[1] = Math.max(max[1], points[k + 1]);
    }
    return { role: contour.role, closed: contour.closed, layer, ignored: isIgnoredLayer(layer), points };
  });
  if (!Number.isFinite(min[0]))
    return { kind: "drawing", bbox: { min: [0, 0], max: [0, 0] }, layers: [], contours: [] };
  return { kind: "drawing", bbox: { min, max }, layers: [...layers].sort(), contours: out };
}

function isIgnoredLayer(layer: string): boolean {
  const upper = layer.toUpperCase();
  return DEFAULT_NON_CUT_LAYER_PATTERNS.some((pattern) => upper.includes(pattern.toUpperCase()));
}
