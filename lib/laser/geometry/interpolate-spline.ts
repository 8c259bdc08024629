import type { Point } from "./segments";

/** Beyond this many fit points the dense solve gets slow; such splines follow their fit points. */
export const MAX_FIT_POINTS = 1000;

/**
 * The cubic B-spline through fit points, as CAD programs store a spline drawn by fit points (AutoCAD's default
 * kind; DWG keeps only the fit points and end tangents): global interpolation with chord-length parameters and
 * the end derivatives prescribed (The NURBS Book, §9.2.2, eq. 9.11–9.12). A given end tangent sets the
 * derivative's direction, scaled by the total chord length (as AutoCAD and ezdxf do); a missing one is
 * estimated from the parabola through the three end points (Bessel's condition).
 * Null for fewer than two distinct points or too many to solve.
 */
export function interpolateFitPoints(
  fit: Point[],
  startTangent?: Point | null,
  endTangent?: Point | null,
): { knots: number[]; control: Point[] } | null {
  const q = fit.filter((p, k) => k === 0 || Math.hypot(p[0] - fit[k - 1][0], p[1] - fit[k - 1][1]) > 1e-12);
  const n = q.length - 1;
  if (n < 1 || n >= MAX_FIT_POINTS) return null;
  const chords = q.slice(1).map((p, k) => Math.hypot(p[0] - q[k][0], p[1] - q[k][1]));
  const total = chords.reduce((a, b) => a + b, 0);
  const u = [0];
  for (const c of chords) u.push(u[u.length - 1] + c / total);
  u[n] = 1;

  const d0 = endDerivative(startTangent, q, u, "start", total);
  const dn = endDerivative(endTangent, q, u, "end", total);
  const knots = [0, 0, 0, 0, ...u.slice(1, n), 1, 1, 1, 1];
  // n + 3 control points: P0 = Q0, P1 from D0, Pn+1 from Dn, Pn+2 = Qn; the rest from C(u_k) = Q_k.
  const count = n + 3;
  const control: Point[] = new Array(count);
  control[0] = q[0];
  control[1] = [q[0][0] + (knots[4] / 3) * d0[0], q[0][1] + (knots[4] / 3) * d0[1]];
  control[count - 1] = q[n];
  control[count - 2] = [q[n][0] - ((1 - knots[count - 1]) / 3) * dn[0], q[n][1] - ((1 - knots[count - 1]) / 3) * dn[1]];
  if (n >= 2) {
    // Unknowns P2 … Pn (n − 1 of them), one equation per interior fit point.
    const size = n - 1;
    const a = Array.from({ length: size }, () => new Float64Array(size));
    const bx = new Float64Array(size);
    const by = new Float64Array(size);
    for (let k = 1; k < n; k++) {
      const span = findSpan(count, knots, u[k]);
      const basis = basisFunctions(span, u[k], knots);
      let rx = q[k][0];
      let ry = q[k][1];
      for (let j = 0; j < 4; j++) {
        const i = span - 3 + j;
        if (i >= 2 && i <= n) a[k - 1][i - 2] += basis[j];
        else {
          rx -= basis[j] * control[i][0];
          ry -= basis[j] * control[i][1];
        }
      }
      bx[k - 1] = rx;
      by[k - 1] = ry;
    }
    const solved = solve(a, bx, by);
    if (!solved) return null;
    for (let i = 0; i < size; i++) control[i + 2] = [solved.x[i], solved.y[i]];
  }
  return { knots, control };
}

function endDerivative(
  tangent: Point | null | undefined,
  q: Point[],
  u: number[],
  end: "start" | "end",
  total: number,
): Point {
  const length = tangent ? Math.hypot(tangent[0], tangent[1]) : 0;
  if (tangent && length > 1e-12) return [(tangent[0] / length) * total, (tangent[1] / length) * total];
  const n = q.length - 1;
  if (n === 1) return [q[1][0] - q[0][0], q[1][1] - q[0][1]];
  // Derivative at the end of the parabola through three end points, in the spline's parameter.
  const [i0, i1, i2] = end === "start" ? [0, 1, 2] : [n, n - 1, n - 2];
  const t1 = u[i1] - u[i0];
  const t2 = u[i2] - u[i0];
  const out: Point = [0, 0];
  for (const c of [0, 1] as const) {
    const s1 = (q[i1][c] - q[i0][c]) / t1;
    const s2 = (q[i2][c] - q[i0][c]) / t2;
    out[c] = (s1 * t2 - s2 * t1) / (t2 - t1);
  }
  return out;
}

function findSpan(count: number, knots: number[], t: number): number {
  const n = count - 1;
  if (t >= knots[n + 1]) return n;
  let lo = 3;
  let hi = n + 1;
  let mid = (lo + hi) >> 1;
  while (t < knots[mid] || t >= knots[mid + 1]) {
    if (t < knots[mid]) hi = mid;
    else lo = mid;
    mid = (lo + hi) >> 1;
  }
  return mid;
}

/** The four cubic basis functions non-zero at t in `span` (The NURBS Book, A2.2). */
function basisFunctions(span: number, t: number, knots: number[]): number[] {
  const left = [0, 0, 0, 0];
  const right = [0, 0, 0, 0];
  const basis = [1, 0, 0, 0];
  for (let j = 1; j <= 3; j++) {
    left[j] = t - knots[span + 1 - j];
    right[j] = knots[span + j] - t;
    let saved = 0;
    for (let r = 0; r < j; r++) {
      const temp = basis[r] / (right[r + 1] + left[j - r]);
      basis[r] = saved + right[r + 1] * temp;
      saved = left[j - r] * temp;
    }
    basis[j] = saved;
  }
  return basis;
}

/** Gaussian elimination with partial pivoting, two right-hand sides (x and y). */
function solve(a: Float64Array[], bx: Float64Array, by: Float64Array): { x: Float64Array; y: Float64Array } | null {
  const n = a.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) if (Math.abs(a[row][col]) > Math.abs(a[pivot][col])) pivot = row;
    if (Math.abs(a[pivot][col]) < 1e-14) return null;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    [bx[col], bx[pivot]] = [bx[pivot], bx[col]];
    [by[col], by[pivot]] = [by[pivot], by[col]];
    for (let row = col + 1; row < n; row++) {
      const f = a[row][col] / a[col][col];
      if (f === 0) continue;
      for (let k = col; k < n; k++) a[row][k] -= f * a[col][k];
      bx[row] -= f * bx[col];
      by[row] -= f * by[col];
    }
  }
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let row = n - 1; row >= 0; row--) {
    let sx = bx[row];
    let sy = by[row];
    for (let k = row + 1; k < n; k++) {
      sx -= a[row][k] * x[k];
      sy -= a[row][k] * y[k];
    }
    x[row] = sx / a[row][row];
    y[row] = sy / a[row][row];
  }
  return { x, y };
}
