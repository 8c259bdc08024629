/** Lines and arcs of exploded entities as cut segments (explode-entities.ts): exact arcs where the transform keeps them circular. */
import type { Vec3 } from "./types";
import type { Point, Segment } from "./geometry/segments";
import { flattenCurve } from "./geometry/flatten-curve";
import type { Affine } from "./geometry/transform";

/** Sweep from start to end counter-clockwise in (0, 2π]: an arc crossing 0° must not come out negative. */
export function ccwSweep(start: number, end: number): number {
  const twoPi = 2 * Math.PI;
  const s = (((end - start) % twoPi) + twoPi) % twoPi;
  return s < 1e-12 ? twoPi : s;
}

export function pushLine(a: Point, b: Point, layer: string, out: Segment[]): void {
  if (Math.hypot(b[0] - a[0], b[1] - a[1]) > 1e-9) out.push({ kind: "line", a, b, layer });
}

/**
 * Emits c + u·cos t + v·sin t for t from t0 over `sweep` (signed), after transform f.
 * If the image is still a circle (similarity transform) it stays an exact arc; otherwise
 * (non-uniform scale, tilted OCS) it becomes a measured curve.
 */
export function pushEllipticArc(
  f: Affine,
  center: Vec3,
  u3: Vec3,
  v3: Vec3,
  t0: number,
  sweep: number,
  layer: string,
  out: Segment[],
): void {
  pushPlaneArc(
    f[0] * center[0] + f[1] * center[1] + f[2] * center[2] + f[3],
    f[4] * center[0] + f[5] * center[1] + f[6] * center[2] + f[7],
    f[0] * u3[0] + f[1] * u3[1] + f[2] * u3[2],
    f[4] * u3[0] + f[5] * u3[1] + f[6] * u3[2],
    f[0] * v3[0] + f[1] * v3[1] + f[2] * v3[2],
    f[4] * v3[0] + f[5] * v3[1] + f[6] * v3[2],
    t0,
    sweep,
    layer,
    out,
  );
}

/**
 * pushEllipticArc for u = (r, 0, 0), v = (0, r, 0), from plain numbers: a sheet can hold
 * tens of thousands of holes, and this skips two temporary vectors and most of the products.
 */
export function pushCircularArc(
  f: Affine,
  cx: number,
  cy: number,
  cz: number,
  r: number,
  t0: number,
  sweep: number,
  layer: string,
  out: Segment[],
): void {
  const c = circleInPlane(f, cx, cy, cz, r);
  pushPlaneArc(c[0], c[1], c[2], c[3], c[4], c[5], t0, sweep, layer, out);
}

const planeCircle = new Float64Array(6);

/** The circle (c, r) in its entity's frame `f`, in the drawing plane: cx, cy, then u = f·(r, 0, 0) and v = f·(0, r, 0). */
function circleInPlane(f: Affine, cx: number, cy: number, cz: number, r: number): Float64Array {
  planeCircle[0] = f[0] * cx + f[1] * cy + f[2] * cz + f[3];
  planeCircle[1] = f[4] * cx + f[5] * cy + f[6] * cz + f[7];
  planeCircle[2] = f[0] * r;
  planeCircle[3] = f[4] * r;
  planeCircle[4] = f[1] * r;
  planeCircle[5] = f[5] * r;
  return planeCircle;
}

/** What planeArc found: nothing to draw, an exact arc, or a curve that is no circle. */
export const NO_ARC = 0;
export const ONE_ARC = 1;
export const NOT_CIRCULAR = 2;

/** The arc pushCircularArc would emit, as cx, cy, r, a0, sweep into `arc` (lone-circles.ts keeps numbers). */
export function circularArcOf(
  f: Affine,
  cx: number,
  cy: number,
  cz: number,
  r: number,
  t0: number,
  sweep: number,
  arc: Float64Array,
): number {
  const c = circleInPlane(f, cx, cy, cz, r);
  return planeArc(c[0], c[1], c[2], c[3], c[4], c[5], t0, sweep, arc);
}

/**
 * c + u·cos t + v·sin t as an exact arc when the image is still a circle (similarity transform): its
 * cx, cy, r, a0 and signed sweep go into `arc`.
 */
function planeArc(
  cx: number,
  cy: number,
  ux: number,
  uy: number,
  vx: number,
  vy: number,
  t0: number,
  sweep: number,
  arc: Float64Array,
): number {
  const lu = length2(ux, uy);
  const lv = length2(vx, vy);
  const scale = Math.max(lu, lv);
  if (scale === 0) return NO_ARC;
  // Negated as a whole: NaN fails the test and makes a curve, as it always did.
  if (!(Math.abs(lu - lv) <= 1e-9 * scale && Math.abs(ux * vx + uy * vy) <= 1e-9 * scale * scale)) return NOT_CIRCULAR;
  const dir = ux * vy - uy * vx >= 0 ? 1 : -1;
  arc[0] = cx;
  arc[1] = cy;
  arc[2] = lu;
  // atan2(±0, x > 0) is ±0 exactly (ECMAScript): the usual unrotated arc skips the call.
  arc[3] = (uy === 0 && ux > 0 ? uy : Math.atan2(uy, ux)) + dir * t0;
  arc[4] = dir * sweep;
  return ONE_ARC;
}

const planeArcOut = new Float64Array(5);

/** The arc or curve c + u·cos t + v·sin t, all in the drawing plane (mm). */
export function pushPlaneArc(
  cx: number,
  cy: number,
  ux: number,
  uy: number,
  vx: number,
  vy: number,
  t0: number,
  sweep: number,
  layer: string,
  out: Segment[],
): void {
  const kind = planeArc(cx, cy, ux, uy, vx, vy, t0, sweep, planeArcOut);
  if (kind === NO_ARC) return;
  if (kind === ONE_ARC) {
    const a = planeArcOut;
    out.push({ kind: "arc", cx: a[0], cy: a[1], r: a[2], a0: a[3], sweep: a[4], layer });
    return;
  }
  const breaks = [0, 1, 2, 3, 4].map((k) => t0 + (sweep * k) / 4);
  const curve = flattenCurve(
    (t) => [cx + ux * Math.cos(t) + vx * Math.sin(t), cy + uy * Math.cos(t) + vy * Math.sin(t)],
    breaks,
  );
  out.push({ kind: "curve", ...curve, layer });
}

/** Math.hypot, without its cost when the vector lies on an axis (the usual unrotated arc): then it is exactly |x| or |y|. */
export function length2(x: number, y: number): number {
  if (y === 0) return Math.abs(x);
  if (x === 0) return Math.abs(y);
  return Math.hypot(x, y);
}
