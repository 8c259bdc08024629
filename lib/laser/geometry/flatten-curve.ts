import { type BBox, type Point, addPoint, emptyBBox } from "./segments";

/** Per-interval bound on (two half-chords − chord); Richardson then leaves far less than 0.01 mm per curve. */
const LENGTH_TOLERANCE_MM = 1e-5;
const MIN_DEPTH = 3;
const MAX_DEPTH = 18;

/**
 * Adaptive subdivision of a parametric curve between sorted breakpoints (knots),
 * returning the accepted points and the length. Each accepted interval adds
 * L2 + (L2 − L1)/3 (Richardson on the chord error, which shrinks as h²).
 * MIN_DEPTH forces sampling inside every span so symmetric wiggles cannot fool the test.
 */
export function flattenCurve(
  evaluate: (t: number) => Point,
  breaks: number[],
): { points: Point[]; length: number; box: BBox; twiceArea: number } {
  const points: Point[] = [evaluate(breaks[0])];
  let length = 0;
  const refine = (t0: number, p0: Point, t1: number, p1: Point, depth: number): void => {
    const tm = (t0 + t1) / 2;
    const pm = evaluate(tm);
    const l1 = Math.hypot(p1[0] - p0[0], p1[1] - p0[1]);
    const l2 = Math.hypot(pm[0] - p0[0], pm[1] - p0[1]) + Math.hypot(p1[0] - pm[0], p1[1] - pm[1]);
    if ((depth >= MIN_DEPTH && l2 - l1 <= LENGTH_TOLERANCE_MM) || depth >= MAX_DEPTH) {
      points.push(pm, p1);
      length += l2 + (l2 - l1) / 3;
      return;
    }
    refine(t0, p0, tm, pm, depth + 1);
    refine(tm, pm, t1, p1, depth + 1);
  };
  for (let k = 1; k < breaks.length; k++) {
    const t0 = breaks[k - 1];
    const t1 = breaks[k];
    if (t1 > t0) refine(t0, points[points.length - 1], t1, evaluate(t1), 0);
  }
  // Extent and area come from the full sampling, before thinning for display.
  const box = emptyBBox();
  let twiceArea = 0;
  for (let k = 0; k < points.length; k++) {
    addPoint(box, points[k][0], points[k][1]);
    if (k > 0) twiceArea += points[k - 1][0] * points[k][1] - points[k][0] * points[k - 1][1];
  }
  return { points: thinPoints(points), length, box, twiceArea };
}

/** Drops points that deviate < 0.002 mm from the chord of their neighbours: display needs far fewer than measuring. */
function thinPoints(points: Point[]): Point[] {
  if (points.length <= 3) return points;
  const out: Point[] = [points[0]];
  for (let k = 1; k < points.length - 1; k++) {
    const a = out[out.length - 1];
    const b = points[k + 1];
    const p = points[k];
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy);
    const dev =
      len > 0 ? Math.abs((p[0] - a[0]) * dy - (p[1] - a[1]) * dx) / len : Math.hypot(p[0] - a[0], p[1] - a[1]);
    if (dev > 0.002) out.push(p);
  }
  out.push(points[points.length - 1]);
  return out;
}
