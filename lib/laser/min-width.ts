import type { Point, Segment } from "./geometry/segments";
import { segmentEnd, segmentStart } from "./geometry/segments";

/**
 * Minimum caliper width of a closed contour: the smallest distance between two
 * parallel lines enclosing it. For a round hole it is the diameter, for a slot its
 * width, for a rectangle its short side. Candidate directions are the edge normals
 * of the convex hull of the sampled boundary; the extent in each direction is taken
 * from the true segments (an arc contributes c·n ± r when n falls inside its sweep),
 * so a circle measures exactly 2r however coarsely it was sampled.
 */
export function measureMinWidth(segments: Segment[], samples: Point[]): number {
  const hull = convexHull(samples);
  let best = Infinity;
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i];
    const b = hull[(i + 1) % hull.length];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len === 0) continue;
    const n: Point = [-(b[1] - a[1]) / len, (b[0] - a[0]) / len];
    best = Math.min(best, support(segments, n) + support(segments, [-n[0], -n[1]]));
  }
  return best;
}

function support(segments: Segment[], n: Point): number {
  let max = -Infinity;
  for (const s of segments) {
    if (s.kind === "curve") {
      for (const p of s.points) max = Math.max(max, p[0] * n[0] + p[1] * n[1]);
      continue;
    }
    const a = segmentStart(s);
    const b = segmentEnd(s);
    max = Math.max(max, a[0] * n[0] + a[1] * n[1], b[0] * n[0] + b[1] * n[1]);
    if (s.kind === "arc" && angleInSweep(Math.atan2(n[1], n[0]), s.a0, s.sweep)) {
      max = Math.max(max, s.cx * n[0] + s.cy * n[1] + s.r);
    }
  }
  return max;
}

function angleInSweep(angle: number, a0: number, sweep: number): boolean {
  const twoPi = 2 * Math.PI;
  const lo = sweep >= 0 ? a0 : a0 + sweep;
  const d = (((angle - lo) % twoPi) + twoPi) % twoPi;
  return d <= Math.abs(sweep);
}

/** Andrew's monotone chain. */
function convexHull(points: Point[]): Point[] {
  const pts = [...points].sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  if (pts.length < 3) return pts;
  const turn = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Point[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && turn(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i];
    while (upper.length >= 2 && turn(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}
