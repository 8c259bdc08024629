import type { Point } from "./segments";

export interface Nurbs {
  evaluate(t: number): Point;
  /** Distinct knots inside the domain, ends included: the curve is smooth between them. */
  breaks: number[];
}

/**
 * Rational B-spline in 2D by de Boor's algorithm on homogeneous coordinates.
 * Returns null when the knot vector does not fit the control points (a damaged spline).
 */
export function makeNurbs(degree: number, knots: number[], control: Point[], weights: number[] | null): Nurbs | null {
  const n = control.length;
  const p = degree;
  if (p < 1 || n <= p || knots.length !== n + p + 1) return null;
  for (let k = 1; k < knots.length; k++) if (knots[k] < knots[k - 1]) return null;
  const lo = knots[p];
  const hi = knots[n];
  if (!(hi > lo)) return null;
  const w = weights ?? control.map(() => 1);
  const hx = control.map((c, i) => c[0] * w[i]);
  const hy = control.map((c, i) => c[1] * w[i]);
  const dx = new Float64Array(p + 1);
  const dy = new Float64Array(p + 1);
  const dw = new Float64Array(p + 1);
  const evaluate = (t: number): Point => {
    let k = p;
    while (k < n - 1 && t >= knots[k + 1]) k++;
    for (let j = 0; j <= p; j++) {
      dx[j] = hx[j + k - p];
      dy[j] = hy[j + k - p];
      dw[j] = w[j + k - p];
    }
    for (let r = 1; r <= p; r++) {
      for (let j = p; j >= r; j--) {
        const denom = knots[j + 1 + k - r] - knots[j + k - p];
        const a = denom === 0 ? 0 : (t - knots[j + k - p]) / denom;
        dx[j] = (1 - a) * dx[j - 1] + a * dx[j];
        dy[j] = (1 - a) * dy[j - 1] + a * dy[j];
        dw[j] = (1 - a) * dw[j - 1] + a * dw[j];
      }
    }
    return [dx[p] / dw[p], dy[p] / dw[p]];
  };
  const breaks = [lo];
  for (let k = p + 1; k <= n; k++) if (knots[k] > breaks[breaks.length - 1] && knots[k] <= hi) breaks.push(knots[k]);
  return { evaluate, breaks };
}
