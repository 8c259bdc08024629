import type { Point } from "./segments";

/** Beyond this many fit points the dense solve gets slow; such splines follow their fit points. */
export const MAX_FIT_POINTS = 1000;

/**
 * The cubic B-spline through fit points, as CAD programs store a spline drawn by fit points (AutoCAD's default
 * kind; DWG keeps only the fit points and end tangents): global interpolation with chord-length parameters
 * (The NURBS Book, §9.2.2). A given end tangent sets the end derivative's direction, scaled by the total chord
 * length (as AutoCAD and ezdxf do, eq. 9.11–9.12); a missing (or zero) one gives a natural end, no curvature
 * there (C'' = 0): the control points AutoCAD writes for such a spline in DXF are exactly those (LibreDWG's
 * 2000/TS1 and example_2000 twins, to 1e-4).
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
  const knots = [0, 0, 0, 0, ...u.slice(1, n), 1, 1, 1, 1];
  // n + 3 control points: P0 = Q0 and Pn+2 = Qn; the n + 1 between them from two end conditions and
  // C(u_k) = Q_k at each interior fit point. Unknown i of the system is control point i + 1.
  const count = n + 3;
  const size = n + 1;
  const a = Array.from({ length: size }, () => new Float64Array(size));
  const bx = new Float64Array(size);
  const by = new Float64Array(size);
  const first = q[0];
  const last = q[n];
  const d0 = tangentDerivative(startTangent, total);
  if (d0) {
    // P1 = Q0 + (u4 / 3) D0.
    a[0][0] = 1;
    bx[0] = first[0] + (knots[4] / 3) * d0[0];
    by[0] = first[1] + (knots[4] / 3) * d0[1];
  } else {
    // C''(0) = 0: the first two legs of the derivative's control polygon are equal, (P2 − P1)/u5 = (P1 − P0)/u4.
    a[0][0] = -1 / knots[5] - 1 / knots[4];
    if (size > 1) a[0][1] = 1 / knots[5];
    bx[0] = -first[0] / knots[4];
    by[0] = -first[1] / knots[4];
  }
  const dn = tangentDerivative(endTangent, total);
  const endRow = size - 1;
  const h1 = 1 - knots[count - 1];
  const h2 = 1 - knots[count - 2];
  if (dn) {
    // Pn+1 = Qn − ((1 − u_{n+2}) / 3) Dn.
    a[endRow][endRow] = 1;
    bx[endRow] = last[0] - (h1 / 3) * dn[0];
    by[endRow] = last[1] - (h1 / 3) * dn[1];
  } else {
    // C''(1) = 0, the mirror image of the start.
    a[endRow][endRow] = -1 / h2 - 1 / h1;
    if (size > 1) a[endRow][endRow - 1] = 1 / h2;
    bx[endRow] = -last[0] / h1;
    by[endRow] = -last[1] / h1;
  }
  for (let k = 1; k < n; k++) {
    const span = findSpan(count, knots, u[k]);
    const basis = basisFunctions(span, u[k], knots);
    let rx = q[k][0];
    let ry = q[k][1];
    for (let j = 0; j < 4; j++) {
      const i = span - 3 + j;
      if (i >= 1 && i <= n + 1) a[k][i - 1] += basis[j];
      else {
        const known = i === 0 ? first : last;
        rx -= basis[j] * known[0];
        ry -= basis[j] * known[1];
      }
    }
    bx[k] = rx;
    by[k] = ry;
  }
  const solved = solve(a, bx, by);
  if (!solved) return null;
  const control: Point[] = [first];
  for (let i = 0; i < size; i++) control.push([solved.x[i], solved.y[i]]);
  control.push(last);
  return { knots, control };
}

/** A stored end tangent as the end derivative: its direction, scaled by the total chord length; null if absent. */
function tangentDerivative(tangent: Point | null | undefined, total: number): Point | null {
  const length = tangent ? Math.hypot(tangent[0], tangent[1]) : 0;
  return tangent && length > 1e-12 ? [(tangent[0] / length) * total, (tangent[1] / length) * total] : null;
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
