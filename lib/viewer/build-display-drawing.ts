import { analyzeDrawing } from "@/lib/laser";

export interface DisplayContour {
  role: "outer" | "hole" | "open";
  closed: boolean;
  layer: string;
  /** Drawn but not cut (non-cut layer or linetype, bend line, annotation): shown only when toggled on. */
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
 * A drawing → the contours the browser draws: what the quote cuts, plus what it leaves out
 * (flagged `ignored`), so the viewer can toggle the geometry the quote ignores.
 */
export async function buildDisplayDrawing(bytes: Uint8Array, filename: string): Promise<DisplayDrawing> {
  const { contours } = await analyzeDrawing(bytes, filename, { includeIgnored: true });
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
    return { role: contour.role, closed: contour.closed, layer, ignored: contour.ignored !== undefined, points };
  });
  if (!Number.isFinite(min[0]))
    return { kind: "drawing", bbox: { min: [0, 0], max: [0, 0] }, layers: [], contours: [] };
  return { kind: "drawing", bbox: { min, max }, layers: [...layers].sort(), contours: out };
}
