/**
 * Polygon offsetting as Clipper.inflatePaths(paths, delta, JoinType.Miter, EndType.Polygon, limit)
 * does it, but cheaper on dense curved outlines. Clipper joins every concave vertex with three
 * points (the two edge offsets and the vertex itself) and leaves its final union to cut away the
 * small reversed loops that makes; shrinking a smooth outline, every vertex is concave, so the
 * union sees three times the points and an intersection at each vertex. Where the turn is slight,
 * the offset edges' intersection (the miter point) is the vertex that union would produce, so it
 * is put there directly. The cleaning union is still Clipper's, with the same fill rule, unless
 * union-free.ts proves it would change nothing.
 */
import { Clipper, Clipper64, ClipType, EndType, FillRule, JoinType, type Path64, type Paths64 } from "clipper2-ts";
import { dropCollinear, unionOfApartLoops } from "./union-free";

/** Concave turns under ~18°: the miter point lies within 1.3 % of |delta| of the vertex offsets. */
const CONCAVE_MITER_COS = 0.95;
const THREE_POINTS = 0,
  CONCAVE_MITER = 1,
  MITER = 2;

export function offsetPolygons(paths: Paths64, delta: number, miterLimit: number): Paths64 {
  return offsetExact(paths, delta, miterLimit).offset;
}

/**
 * The offset, and whether it only moved every edge (every join a miter and the union left it as
 * it was: no edge trimmed away, no two parts meeting), so that offsetting it back by -delta
 * would give the paths again.
 */
export function offsetExact(paths: Paths64, delta: number, miterLimit: number): { offset: Paths64; exact: boolean } {
  if (Math.abs(delta) < 0.5) return { offset: paths, exact: true };
  const prepared = prepare(paths);
  const raw = prepared && rawOffset(prepared, delta, miterLimit);
  if (!prepared || !raw) return { offset: fallback(paths, delta, miterLimit), exact: false };
  // Loops simple, apart and nested as they were: the union would only drop collinear points.
  const kept = raw.threePoints ? undefined : unionOfApartLoops(raw.paths, prepared.paths, prepared.reversed);
  if (kept) return { offset: kept, exact: true };
  const offset = cleanUnion(raw.paths, prepared.reversed);
  return { offset, exact: !raw.threePoints && samePoints(offset, raw.paths.map(dropCollinear)) };
}

interface Prepared {
  paths: Paths64;
  reversed: boolean;
  /** Where each path's edges start in the scratch arrays. */
  base: number[];
}

// Scratch arrays, per vertex of the paths being offset (edge i runs from point i to i + 1): unit
// normals and lengths of the edges, then per offset the joins and miter points. Reused across calls.
let NX = new Float64Array(0),
  NY = new Float64Array(0),
  LEN = new Float64Array(0);
let KIND = new Uint8Array(0),
  MX = new Float64Array(0),
  MY = new Float64Array(0);

function prepare(input: Paths64): Prepared | undefined {
  const paths = input.map(stripDuplicates);
  // As Clipper: the path with the lowest point decides whether the whole set is reversed.
  const lowest = lowestPath(paths);
  if (lowest.index < 0 || paths.some((p) => p.length < 3)) return undefined;
  const base: number[] = [];
  let total = 0;
  for (const path of paths) {
    base.push(total);
    total += path.length;
  }
  if (total > NX.length) {
    const size = Math.max(total, 2 * NX.length, 1024);
    [NX, NY, LEN, MX, MY] = [
      new Float64Array(size),
      new Float64Array(size),
      new Float64Array(size),
      new Float64Array(size),
      new Float64Array(size),
    ];
    KIND = new Uint8Array(size);
  }
  for (let p = 0; p < paths.length; p++) {
    const path = paths[p],
      n = path.length,
      o = base[p];
    for (let i = 0; i < n; i++) {
      const a = path[i],
        b = path[i + 1 === n ? 0 : i + 1];
      const dx = b.x - a.x,
        dy = b.y - a.y,
        l = Math.sqrt(dx * dx + dy * dy);
      LEN[o + i] = l;
      NX[o + i] = dy / l;
      NY[o + i] = -dx / l;
    }
  }
  return { paths, reversed: lowest.negative, base };
}

/** The offset polygon before the cleaning union; undefined where Clipper would square a join off. */
function rawOffset(
  prepared: Prepared,
  delta: number,
  miterLimit: number,
): { paths: Paths64; threePoints: boolean } | undefined {
  const d = prepared.reversed ? -delta : delta;
  const miterCos = miterLimit <= 1 ? 1 : 2 / (miterLimit * miterLimit) - 1;
  const nx = NX,
    ny = NY,
    len = LEN,
    kind = KIND,
    mx = MX,
    my = MY;
  const raw: Paths64 = [];
  let threePoints = false;
  for (let p = 0; p < prepared.paths.length; p++) {
    const path = prepared.paths[p],
      o = prepared.base[p];
    const n = path.length;
    // Pass 1: how each vertex is joined (Clipper's rules) and the miter points. Vertex j joins
    // edge k = j - 1 to edge j; indices into the scratch arrays are offset by o.
    for (let j = 0, k = n - 1; j < n; k = j++) {
      const J = o + j,
        K = o + k;
      let sin = ny[J] * nx[K] - ny[K] * nx[J];
      const cos = nx[J] * nx[K] + ny[J] * ny[K];
      if (sin > 1) sin = 1;
      else if (sin < -1) sin = -1;
      const q = d / (cos + 1);
      mx[J] = Math.round(path[j].x + (nx[K] + nx[J]) * q);
      my[J] = Math.round(path[j].y + (ny[K] + ny[J]) * q);
      // A miter trims |d|·tan(turn/2) off each edge; an edge trimmed away would reverse and
      // enclose a loop of the wrong sign, which Clipper's three points avoid.
      const trim = (Math.abs(sin) / (1 + cos)) * Math.abs(d) * 2;
      if (cos > -0.999 && sin * d < 0)
        kind[J] = cos <= CONCAVE_MITER_COS || trim >= len[J] || trim >= len[K] ? THREE_POINTS : CONCAVE_MITER;
      else if (cos > 0.999 || cos > miterCos) kind[J] = MITER;
      else return undefined; // a convex spike: Clipper squares it off
      if (kind[J] === THREE_POINTS) threePoints = true;
    }
    // Pass 2: the points. A concave miter goes where Clipper's union would put it: on the
    // crossing of the two offset edges as Clipper draws them (between rounded end points).
    const out: Path64 = [];
    let lastX = NaN,
      lastY = NaN;
    const push = (x: number, y: number) => {
      if (x !== lastX || y !== lastY) out.push({ x: (lastX = x), y: (lastY = y) });
    };
    for (let j = 0, k = n - 1; j < n; k = j++) {
      const J = o + j,
        K = o + k;
      const pt = path[j];
      if (kind[J] === MITER) {
        push(mx[J], my[J]);
      } else if (kind[J] === THREE_POINTS) {
        push(Math.round(pt.x + nx[K] * d), Math.round(pt.y + ny[K] * d));
        push(pt.x, pt.y);
        push(Math.round(pt.x + nx[J] * d), Math.round(pt.y + ny[J] * d));
      } else {
        const i = j + 1 === n ? 0 : j + 1,
          I = o + i;
        const q = path[k],
          r = path[i];
        // Edge k: from its start (as Clipper emits it at vertex k) to the offset of this vertex.
        const ax = kind[K] === MITER ? mx[K] : Math.round(q.x + nx[K] * d),
          ay = kind[K] === MITER ? my[K] : Math.round(q.y + ny[K] * d);
        const bx = Math.round(pt.x + nx[K] * d),
          by = Math.round(pt.y + ny[K] * d);
        const cx = Math.round(pt.x + nx[J] * d),
          cy = Math.round(pt.y + ny[J] * d);
        const ex = kind[I] === MITER ? mx[I] : Math.round(r.x + nx[J] * d),
          ey = kind[I] === MITER ? my[I] : Math.round(r.y + ny[J] * d);
        const dx1 = bx - ax,
          dy1 = by - ay,
          dx2 = ex - cx,
          dy2 = ey - cy;
        const det = dy1 * dx2 - dy2 * dx1;
        const t = det === 0 ? -1 : ((ax - cx) * dy2 - (ay - cy) * dx2) / det;
        if (t > 0 && t < 1) push(Math.trunc(ax + t * dx1), Math.trunc(ay + t * dy1));
        else push(mx[J], my[J]);
      }
    }
    const first = out[0],
      last = out[out.length - 1];
    if (out.length > 1 && first.x === last.x && first.y === last.y) out.pop();
    raw.push(out);
  }
  return { paths: raw, threePoints };
}

/** Clipper's finishing union of an offset (ClipperOffset's settings). */
function cleanUnion(raw: Paths64, reversed: boolean): Paths64 {
  const clipper = new Clipper64();
  clipper.preserveCollinear = false;
  clipper.reverseSolution = reversed;
  clipper.addSubject(raw);
  const solution: Paths64 = [];
  clipper.execute(ClipType.Union, reversed ? FillRule.Negative : FillRule.Positive, solution);
  return solution;
}

/** Whether two sets of closed paths have the same points (paths in any order, from any start). */
function samePoints(a: Paths64, b: Paths64): boolean {
  if (a.length !== b.length) return false;
  let count = 0,
    sum = 0,
    mix = 0;
  for (const path of a)
    for (const p of path) {
      count++;
      sum = (sum + Math.imul(p.x, 0x9e3779b1) + p.y) | 0;
      mix = (mix + Math.imul(p.x ^ Math.imul(p.y, 0x85ebca77), 0xc2b2ae35)) | 0;
    }
  for (const path of b)
    for (const p of path) {
      count--;
      sum = (sum - Math.imul(p.x, 0x9e3779b1) - p.y) | 0;
      mix = (mix - Math.imul(p.x ^ Math.imul(p.y, 0x85ebca77), 0xc2b2ae35)) | 0;
    }
  return count === 0 && sum === 0 && mix === 0;
}

const fallback = (paths: Paths64, delta: number, miterLimit: number) =>
  Clipper.inflatePaths(paths, delta, JoinType.Miter, EndType.Polygon, miterLimit);

function stripDuplicates(path: Path64): Path64 {
  let duplicate = path.length > 0 && path[0].x === path[path.length - 1].x && path[0].y === path[path.length - 1].y;
  for (let i = 1; i < path.length && !duplicate; i++)
    duplicate = path[i].x === path[i - 1].x && path[i].y === path[i - 1].y;
  return duplicate ? Clipper.stripDuplicates(path, true) : path;
}

/** Clipper's getLowestPathInfo: the path holding the lowest (largest y) point, and its orientation. */
function lowestPath(paths: Paths64): { index: number; negative: boolean } {
  let index = -1,
    negative = false,
    botX = Number.MAX_SAFE_INTEGER,
    botY = Number.MIN_SAFE_INTEGER;
  for (let i = 0; i < paths.length; i++) {
    let area = Number.MAX_VALUE;
    for (const pt of paths[i]) {
      if (pt.y < botY || (pt.y === botY && pt.x >= botX)) continue;
      if (area === Number.MAX_VALUE) {
        area = Clipper.area(paths[i]);
        if (area === 0) break;
        negative = area < 0;
      }
      index = i;
      botX = pt.x;
      botY = pt.y;
    }
  }
  return { index, negative };
}
