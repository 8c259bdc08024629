import type { LaserContour } from "./types";
import type { Point, Segment } from "./geometry/segments";
import { arcSteps, cosAt, roundDisplay, roundPoint, segmentEnd, segmentStart, sinAt } from "./geometry/segments";
import { type CutCircles, LayerColumn } from "./lone-circles";

export type ArcSegment = Extract<Segment, { kind: "arc" }>;

const FULL_TURN = 2 * Math.PI - 1e-9;

export function isFullCircle(s: Segment): s is ArcSegment {
  return s.kind === "arc" && Math.abs(s.sweep) >= FULL_TURN;
}

/**
 * Flags the full circles that no other segment end comes within 2·tol of. Chaining
 * would make each of them a closed contour on its own (the chainer joins an end to a
 * node within tol, and nodes sit on ends), so they skip it: on a sheet of thousands
 * of holes that is most of the work. The margin over tol only sends borderline
 * circles through the general path, which gives the same answer. Circles in `more` count as
 * segments after `segments` (full circles all).
 */
export function isolatedCircles(segments: Segment[], tol: number, more: CutCircles | null = null): Uint8Array {
  const total = segments.length + (more?.count ?? 0);
  const isolated = new Uint8Array(total);
  const xs = new Float64Array(2 * total);
  const ys = new Float64Array(2 * total);
  const owner = new Int32Array(2 * total);
  let count = 0;
  let circles = 0;
  for (let k = 0; k < segments.length; k++) {
    const s = segments[k];
    if (isFullCircle(s)) {
      isolated[k] = 1;
      circles++;
      // The end of a full circle is its start up to rounding: one point stands for both.
      xs[count] = s.cx + s.r * cosAt(s.a0);
      ys[count] = s.cy + s.r * sinAt(s.a0);
      owner[count++] = k;
      continue;
    }
    for (const p of [segmentStart(s), segmentEnd(s)]) {
      xs[count] = p[0];
      ys[count] = p[1];
      owner[count++] = k;
    }
  }
  // Circles kept as numbers follow the segments (index segments.length + i), each a full circle.
  for (let i = 0; more && i < more.count; i++) {
    const d = more.data;
    const k = segments.length + i;
    isolated[k] = 1;
    circles++;
    xs[count] = d[5 * i] + d[5 * i + 2] * cosAt(d[5 * i + 3]);
    ys[count] = d[5 * i + 1] + d[5 * i + 2] * sinAt(d[5 * i + 3]);
    owner[count++] = k;
  }
  if (circles === 0) return isolated;

  // Ends hashed by cell of side 2·reach into compressed buckets (count, prefix sum, fill).
  const reach = tol > 0 ? 2 * tol : 1e-9;
  const cell = 2 * reach;
  // A sparse table: on a sheet nearly all neighbouring cells are empty, and a collision costs a look at a point.
  let size = 1;
  while (size < 4 * count) size *= 2;
  const bucketOf = new Int32Array(count);
  const bucketStart = new Int32Array(size + 1);
  // Points per bucket, up to 2, a quarter the size of bucketStart: on a sheet almost every look is at an
  // empty neighbour or at a point's own bucket holding only itself, and this answers it from cache.
  const held = new Uint8Array(size);
  for (let i = 0; i < count; i++) {
    const h = cellHash(Math.floor(xs[i] / cell), Math.floor(ys[i] / cell), size - 1);
    bucketOf[i] = h;
    bucketStart[h + 1]++;
    if (held[h] < 2) held[h]++;
  }
  for (let h = 0; h < size; h++) bucketStart[h + 1] += bucketStart[h];
  const fill = bucketStart.slice(0, size);
  // Each bucket's points, their coordinates and owners side by side, in bucket order.
  const bx = new Float64Array(count);
  const by = new Float64Array(count);
  const bowner = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const m = fill[bucketOf[i]]++;
    bx[m] = xs[i];
    by[m] = ys[i];
    bowner[m] = owner[i];
  }

  for (let i = 0; i < count; i++) {
    const k = owner[i];
    if (!isolated[k]) continue;
    const fx = xs[i] / cell;
    const fy = ys[i] / cell;
    const ix = Math.floor(fx);
    const iy = Math.floor(fy);
    // Anything within `reach` (half a cell) lies in this cell or the three toward the nearer sides.
    const sx = fx - ix < 0.5 ? -1 : 1;
    const sy = fy - iy < 0.5 ? -1 : 1;
    for (let d = 0; d < 4 && isolated[k]; d++) {
      const h = d === 0 ? bucketOf[i] : cellHash(ix + (d & 1) * sx, iy + (d >> 1) * sy, size - 1);
      if (held[h] === 0 || (d === 0 && held[h] === 1)) continue;
      for (let m = bucketStart[h]; m < bucketStart[h + 1]; m++) {
        const dx = bx[m] - xs[i];
        const dy = by[m] - ys[i];
        if (bowner[m] !== k && dx * dx + dy * dy <= reach * reach) {
          isolated[k] = 0;
          break;
        }
      }
    }
  }
  return isolated;
}

/** Mixed, not just multiplied: holes on a regular pitch would otherwise share the low bits. */
function cellHash(ix: number, iy: number, mask: number): number {
  let h = Math.imul(ix | 0, 0x9e3779b1) ^ Math.imul(iy | 0, 0x85ebca77);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  return (h ^ (h >>> 13)) & mask;
}

/** Offsets r·(cos t, sin t) of the last circle drawn: holes on a sheet mostly share one size. */
const ring = { r: NaN, a0: NaN, sweep: NaN, sagitta: NaN, dx: new Float64Array(0), dy: new Float64Array(0) };

/**
 * Lone circles as plain numbers (cx, cy, r, a0, sweep each) with their layers, which is all
 * their measures and display rings need: the segment objects can then go before the output is
 * serialised, and circles the reader kept as numbers never become objects (lone-circles.ts).
 */
export class CircleRings {
  readonly count: number;
  readonly #data: Float64Array;
  readonly #layers: LayerColumn;
  readonly #sagitta: number;

  constructor(count: number, data: Float64Array, layers: LayerColumn, sagitta: number) {
    this.count = count;
    this.#data = data;
    this.#layers = layers;
    this.#sagitta = sagitta;
  }

  static fromArcs(circles: ArcSegment[], sagitta: number): CircleRings {
    const data = new Float64Array(5 * circles.length);
    const layers = new LayerColumn();
    circles.forEach((s, k) => {
      data.set([s.cx, s.cy, s.r, s.a0, s.sweep], 5 * k);
      layers.push(s.layer);
    });
    return new CircleRings(circles.length, data, layers, sagitta);
  }

  cx(k: number): number {
    return this.#data[5 * k];
  }

  cy(k: number): number {
    return this.#data[5 * k + 1];
  }

  r(k: number): number {
    return this.#data[5 * k + 2];
  }

  a0(k: number): number {
    return this.#data[5 * k + 3];
  }

  sweep(k: number): number {
    return this.#data[5 * k + 4];
  }

  layer(k: number): string {
    return this.#layers.get(k);
  }

  /**
   * Ring of circle k for nesting, rounded as other contours' rings are: the same points
   * flattenSegment gives (c + r·cos t computed the same way, so bit-identical).
   */
  points(k: number): Point[] {
    this.#ring(k);
    const cx = this.#data[5 * k];
    const cy = this.#data[5 * k + 1];
    const points: Point[] = [];
    for (let i = 0; i < ring.dx.length; i++) points.push(roundPoint(cx + ring.dx[i], cy + ring.dy[i]));
    return points;
  }

  /** Display polyline of circle k (see LaserContour.points): the ring without its closing point. */
  display(k: number): number[] {
    this.#ring(k);
    const cx = this.#data[5 * k];
    const cy = this.#data[5 * k + 1];
    // Filled by push: a packed array of doubles, the cheapest kind to build and to read.
    const points: number[] = [];
    for (let i = 0; i < ring.dx.length - 1; i++)
      points.push(roundDisplay(cx + ring.dx[i]), roundDisplay(cy + ring.dy[i]));
    return points;
  }

  /** Sets the shared offsets to circle k's size; the trigonometry runs only when the size changes. */
  #ring(k: number): void {
    const d = this.#data;
    const r = d[5 * k + 2];
    const a0 = d[5 * k + 3];
    const sweep = d[5 * k + 4];
    if (ring.r === r && ring.a0 === a0 && ring.sweep === sweep && ring.sagitta === this.#sagitta) return;
    const n = arcSteps(r, sweep, this.#sagitta);
    Object.assign(ring, {
      r,
      a0,
      sweep,
      sagitta: this.#sagitta,
      dx: new Float64Array(n + 1),
      dy: new Float64Array(n + 1),
    });
    for (let i = 0; i <= n; i++) {
      const t = a0 + (sweep * i) / n;
      ring.dx[i] = r * Math.cos(t);
      ring.dy[i] = r * Math.sin(t);
    }
  }
}

/**
 * Output contour of a lone circle. Its polyline is built when read (by a JSON writer,
 * or JSON.stringify through toJSON), so a sheet of 50,000 holes never holds all their
 * polylines at once: each dies right after it is written.
 */
export class CircleContour implements LaserContour {
  readonly closed = true;
  readonly role: LaserContour["role"];
  readonly length_mm: number;
  readonly layer: string;
  readonly #rings: CircleRings;
  readonly #index: number;

  constructor(rings: CircleRings, index: number, role: LaserContour["role"]) {
    this.role = role;
    // segmentLength of the arc.
    this.length_mm = rings.r(index) * Math.abs(rings.sweep(index));
    this.layer = rings.layer(index);
    this.#rings = rings;
    this.#index = index;
  }

  get points(): number[] {
    return this.#rings.display(this.#index);
  }

  toJSON(): LaserContour {
    return { points: this.points, closed: true, role: this.role, length_mm: this.length_mm, layer: this.layer };
  }
}
