/**
 * Motion model of a firmware planner as the slicer's time estimator sees it: trapezoidal speed
 * profiles (constant acceleration, cruise, constant deceleration), junction speeds limited by
 * per-axis jerk, and look-ahead over a polyline. Plus the gyroid infill pattern's geometry
 * (line length per area, time per mm) derived from the gyroid surface itself.
 */
import { axisJerk } from "./slice";

/**
 * Time to run a straight move of `length` mm entering at `entry`, leaving at `exit`, cruising
 * at most at `cruise` mm/s, with acceleration `accel` mm/s². If the move is too short to reach
 * the cruise speed it accelerates to the peak speed it can reach and decelerates from there.
 */
export function trapezoidTime(length: number, entry: number, cruise: number, exit: number, accel: number): number {
  if (length <= 0) return 0;
  entry = Math.min(entry, cruise);
  exit = Math.min(exit, cruise);
  // The move cannot end faster than it can accelerate to (or start faster than it can brake from).
  exit = Math.min(exit, Math.sqrt(entry * entry + 2 * accel * length));
  entry = Math.min(entry, Math.sqrt(exit * exit + 2 * accel * length));
  const accelDist = (cruise * cruise - entry * entry) / (2 * accel);
  const decelDist = (cruise * cruise - exit * exit) / (2 * accel);
  if (accelDist + decelDist <= length) {
    return (cruise - entry) / accel + (cruise - exit) / accel + (length - accelDist - decelDist) / cruise;
  }
  const peak = Math.sqrt((2 * accel * length + entry * entry + exit * exit) / 2);
  return (peak - entry) / accel + (peak - exit) / accel;
}

export interface Limits {
  accel: number;
  jerkX: number;
  jerkY: number;
}

/**
 * Time along an open polyline (xy pairs) at feed rate `speed`, starting and ending at rest (the
 * jerk-limited "safe" speed), with junction speeds from the per-axis jerk and a look-ahead that
 * makes sure every move can brake for the next junction.
 */
export function polylineTime(xy: ArrayLike<number>, speed: number, limits: Limits): number {
  const n = xy.length / 2 - 1;
  if (n <= 0) return 0;
  const len = new Float64Array(n);
  const ux = new Float64Array(n);
  const uy = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const dx = xy[2 * i + 2] - xy[2 * i],
      dy = xy[2 * i + 3] - xy[2 * i + 1];
    len[i] = Math.hypot(dx, dy);
    ux[i] = len[i] > 0 ? dx / len[i] : 0;
    uy[i] = len[i] > 0 ? dy / len[i] : 0;
  }
  const safe = (i: number) => {
    let v = speed;
    if (Math.abs(ux[i]) * speed > limits.jerkX) v = Math.min(v, limits.jerkX);
    if (Math.abs(uy[i]) * speed > limits.jerkY) v = Math.min(v, limits.jerkY);
    return v;
  };
  // v[i]: speed at the start of move i; v[n]: at the end.
  const v = new Float64Array(n + 1);
  v[0] = safe(0);
  v[n] = safe(n - 1);
  for (let i = 1; i < n; i++) {
    v[i] = junctionSpeed(ux[i - 1], uy[i - 1], ux[i], uy[i], speed, limits);
    // As the estimator does: when both moves could start from rest faster than the junction allows,
    // the junction is taken at the next move's "safe" (jerk-only) speed.
    const next = safe(i);
    if (safe(i - 1) > 0.99 * v[i] && next > 0.99 * v[i]) v[i] = next;
  }
  // Backward pass: every junction must be reachable by braking; forward: by accelerating.
  for (let i = n - 1; i >= 0; i--) v[i] = Math.min(v[i], Math.sqrt(v[i + 1] * v[i + 1] + 2 * limits.accel * len[i]));
  for (let i = 0; i < n; i++) v[i + 1] = Math.min(v[i + 1], Math.sqrt(v[i] * v[i] + 2 * limits.accel * len[i]));
  let time = 0;
  for (let i = 0; i < n; i++) time += trapezoidTime(len[i], v[i], speed, v[i + 1], limits.accel);
  return time;
}

/** Highest speed at which the head can pass from direction u1 to u2 at feed rate `speed`. */
export function junctionSpeed(
  u1x: number,
  u1y: number,
  u2x: number,
  u2y: number,
  speed: number,
  limits: Limits,
): number {
  const jx = axisJerk(u1x, u2x) * speed,
    jy = axisJerk(u1y, u2y) * speed;
  let factor = 1;
  if (jx > limits.jerkX) factor = Math.min(factor, limits.jerkX / jx);
  if (jy > limits.jerkY) factor = Math.min(factor, limits.jerkY / jy);
  return speed * factor;
}

// ---------------------------------------------------------------------------------------------
// Gyroid

/**
 * PrusaSlicer's gyroid scales the gyroid surface so that `density` of the volume is filled:
 * the pattern's period is 2π × spacing ÷ (2.44 × density) (its DensityAdjust), and it samples the
 * wave to a chordal tolerance of min(spacing / 2, 0.2 mm).
 */
export const GYROID_DENSITY_ADJUST = 2.44;
const GYROID_TOLERANCE = 0.2;

/**
 * One wave of the gyroid's cross-section at height phase `zPhase`, as y(x) over [0, width] in
 * pattern units (the gyroid surface sin x cos y + sin y cos z + sin z cos x = 0, solved for y on
 * the better-conditioned axis), sampled adaptively. `branch` picks one of the two solutions.
 */
function gyroidWave(zPhase: number, branch: 0 | 1, width: number, tolerance: number): number[] {
  let p = Math.sin(zPhase),
    q = Math.cos(zPhase);
  if (Math.abs(q) < Math.abs(p)) [p, q] = [q, p]; // the other orientation: same shape, swapped axes
  const f = (x: number) => {
    const r = Math.sqrt(Math.sin(x) ** 2 + q * q);
    const s = Math.asin(Math.max(-1, Math.min(1, (-p * Math.cos(x)) / r)));
    const phase = Math.atan(Math.sin(x) / q);
    return branch === 0 ? s - phase : Math.PI - s - phase;
  };
  const xs: number[] = [];
  for (let x = 0; x < width; x += Math.PI / 2) xs.push(x);
  xs.push(width);
  const pts = xs.map((x) => [x, f(x)] as [number, number]);
  // Refine each interval until the midpoint is within the tolerance of the chord.
  const out: number[] = [];
  const refine = (a: [number, number], b: [number, number], depth: number) => {
    const mx = (a[0] + b[0]) / 2;
    const m: [number, number] = [mx, f(mx)];
    const cross = (m[0] - a[0]) * (m[1] - b[1]) - (m[1] - a[1]) * (m[0] - b[0]);
    if (depth < 12 && Math.abs(cross) > tolerance * tolerance) {
      refine(a, m, depth + 1);
      refine(m, b, depth + 1);
    } else out.push(b[0], b[1]);
  };
  out.push(pts[0][0], pts[0][1]);
  for (let i = 1; i < pts.length; i++) refine(pts[i - 1], pts[i], 0);
  return out;
}

export interface GyroidStats {
  /** Line length per mm² of infilled area. */
  lengthPerArea: number;
  /** Distance between neighbouring waves, mm. */
  lineDistance: number;
  /** Time per mm of line in the middle of a long wave (no ends), s/mm. */
  timePerMm: number;
}

const gyroidCache = new Map<string, GyroidStats>();

/** Geometry and steady-state printing time per mm of PrusaSlicer-style gyroid infill. */
export function gyroidStats(density: number, spacing: number, speed: number, limits: Limits): GyroidStats {
  const key = `${density}|${spacing}|${speed}|${limits.accel}|${limits.jerkX}|${limits.jerkY}`;
  const cached = gyroidCache.get(key);
  if (cached) return cached;
  const scale = spacing / (GYROID_DENSITY_ADJUST * Math.max(density, 1e-6)); // mm per pattern unit
  const tolerance = Math.min(spacing / 2, GYROID_TOLERANCE) / scale;
  const periods = 8;
  const width = 2 * Math.PI * periods;
  let length = 0;
  let time = 0;
  let lengthPerX = 0;
  let samples = 0;
  // Average over the layer heights of one vertical period of the pattern, both solution branches.
  for (let k = 0; k < 16; k++) {
    const zPhase = ((k + 0.5) / 16) * 2 * Math.PI;
    for (const branch of [0, 1] as const) {
      const wave = gyroidWave(zPhase, branch, width, tolerance).map((c) => c * scale);
      const l = polylineLength(wave);
      lengthPerX += l / (width * scale);
      // Steady state: the whole wave minus its first half (each includes one start and one stop).
      const half = wave.slice(0, Math.floor(wave.length / 4) * 2);
      time += polylineTime(wave, speed, limits) - polylineTime(half, speed, limits);
      length += l - polylineLength(half);
      samples++;
    }
  }
  // Two waves (one per branch) per 2π of pattern height: π apart on average.
  const lineDistance = Math.PI * scale;
  const stats: GyroidStats = {
    lengthPerArea: lengthPerX / samples / lineDistance,
    lineDistance,
    timePerMm: time / length,
  };
  gyroidCache.set(key, stats);
  return stats;
}

function polylineLength(xy: ArrayLike<number>): number {
  let l = 0;
  for (let i = 2; i + 1 < xy.length; i += 2) l += Math.hypot(xy[i] - xy[i - 2], xy[i + 1] - xy[i - 1]);
  return l;
}
