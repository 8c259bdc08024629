import type { Point, Segment } from "./geometry/segments";
import { segmentEnd, segmentStart } from "./geometry/segments";

export interface DedupeResult {
  segments: Segment[];
  /** Segments (or parts of them) drawn more than once. */
  duplicates: number;
  duplicateLengthMm: number;
}

/**
 * Removes geometry the laser would cut twice. Collinear lines and co-circular arcs
 * are grouped by a hashed key (rounded at the tolerance; only near-duplicates that
 * straddle a rounding boundary escape, exact copies never do). A group whose
 * intervals overlap is split at every endpoint and each piece kept once, so partial
 * overlaps count once and endpoints other contours touch survive for chaining.
 * Curves (splines, ellipses) are only recognised as whole copies.
 */
export function dedupeSegments(input: Segment[], tol: number): DedupeResult {
  const result: DedupeResult = { segments: [], duplicates: 0, duplicateLengthMm: 0 };
  const lineGroups = new KeyedGroups<Extract<Segment, { kind: "line" }>>(input.length);
  const arcGroups = new KeyedGroups<Extract<Segment, { kind: "arc" }>>(input.length);
  const curveKeys = new Set<string>();
  for (const s of input) {
    if (s.kind === "line") addLine(lineGroups, s, tol);
    else if (s.kind === "arc") arcGroups.add(Math.round(s.cx / tol), Math.round(s.cy / tol), Math.round(s.r / tol), s);
    else {
      const a = segmentStart(s);
      const b = segmentEnd(s);
      const ends = [
        `${Math.round(a[0] / tol)},${Math.round(a[1] / tol)}`,
        `${Math.round(b[0] / tol)},${Math.round(b[1] / tol)}`,
      ].sort();
      const key = `${ends[0]}|${ends[1]}|${Math.round(s.length / tol)}`;
      if (curveKeys.has(key)) countDuplicate(result, s.length);
      else {
        curveKeys.add(key);
        result.segments.push(s);
      }
    }
  }
  flushLines(lineGroups, tol, result);
  arcGroups.flush(result.segments, (group) => dedupeArcs(group, tol, result));
  return result;
}

/**
 * Groups by three rounded numbers, in first-seen order. An open-addressing table of
 * numbers instead of a string key and a list per segment: on sheets of tens of
 * thousands of holes almost every group holds one segment.
 */
class KeyedGroups<T extends Segment> {
  /** First segment of each group, in first-seen order. */
  readonly firsts: T[] = [];
  /** The rest of the groups that have more than one. */
  readonly more = new Map<number, T[]>();
  private readonly keys: number[] = [];
  /** Group id + 1 per slot, 0 = free; linear probing. */
  private readonly slots: Int32Array;

  constructor(capacity: number) {
    let size = 16;
    while (size < 2 * capacity) size *= 2;
    this.slots = new Int32Array(size);
  }

  add(a: number, b: number, c: number, item: T): void {
    const mask = this.slots.length - 1;
    let h = Math.imul(a | 0, 0x9e3779b1) ^ Math.imul(b | 0, 0x85ebca77) ^ Math.imul(c | 0, 0xc2b2ae3d);
    h = (h ^ (h >>> 16)) & mask;
    for (let id = this.slots[h] - 1; id >= 0; h = (h + 1) & mask, id = this.slots[h] - 1) {
      if (same(this.keys[3 * id], a) && same(this.keys[3 * id + 1], b) && same(this.keys[3 * id + 2], c)) {
        const list = this.more.get(id);
        if (list) list.push(item);
        else this.more.set(id, [item]);
        return;
      }
    }
    this.slots[h] = this.firsts.length + 1;
    this.keys.push(a, b, c);
    this.firsts.push(item);
  }

  /** The group id of a key, or -1. */
  find(a: number, b: number, c: number): number {
    const mask = this.slots.length - 1;
    let h = Math.imul(a | 0, 0x9e3779b1) ^ Math.imul(b | 0, 0x85ebca77) ^ Math.imul(c | 0, 0xc2b2ae3d);
    h = (h ^ (h >>> 16)) & mask;
    for (let id = this.slots[h] - 1; id >= 0; h = (h + 1) & mask, id = this.slots[h] - 1) {
      if (same(this.keys[3 * id], a) && same(this.keys[3 * id + 1], b) && same(this.keys[3 * id + 2], c)) return id;
    }
    return -1;
  }

  key(id: number): [number, number, number] {
    return [this.keys[3 * id], this.keys[3 * id + 1], this.keys[3 * id + 2]];
  }

  members(id: number): T[] {
    return [this.firsts[id], ...(this.more.get(id) ?? [])];
  }

  /** Each group with more than one member goes to `dedupe`; lone members are kept as they are. */
  flush(out: Segment[], dedupe: (group: T[]) => void): void {
    this.firsts.forEach((first, id) => {
      const more = this.more.get(id);
      if (more) dedupe([first, ...more]);
      else out.push(first);
    });
  }
}

/** Equal as keys: NaN matches NaN and −0 matches 0, as their decimal strings did. */
function same(x: number, y: number): boolean {
  return x === y || (x !== x && y !== y);
}

function countDuplicate(r: DedupeResult, length: number): void {
  r.duplicates++;
  r.duplicateLengthMm += length;
}

/** Direction buckets per radian (addLine), and the bucket count across [0, π). */
const ANGLE_BUCKETS = 1e6;
const HALF_TURN_BUCKETS = Math.round(Math.PI * ANGLE_BUCKETS);

/**
 * Lines go to dedupeLines by infinite line. Two copies of one slanted line a hair apart can round into
 * neighbouring buckets (a direction or distance that straddles a rounding boundary): each group is joined
 * with the neighbouring groups whose line is the same within the tolerance, so such copies are merged too.
 * Near θ = π the neighbour is θ = 0 with the distance's sign flipped.
 */
function flushLines(groups: KeyedGroups<Extract<Segment, { kind: "line" }>>, tol: number, result: DedupeResult): void {
  const count = groups.firsts.length;
  const parent = Int32Array.from({ length: count }, (_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  for (let id = 0; id < count; id++) {
    const [a, b] = groups.key(id);
    for (let da = -1; da <= 1; da++) {
      for (let db = -1; db <= 1; db++) {
        if (da === 0 && db === 0) continue;
        let na = a + da;
        let nb = b + db;
        if (na < 0 || na >= HALF_TURN_BUCKETS) {
          na = (na + HALF_TURN_BUCKETS) % HALF_TURN_BUCKETS;
          nb = -b + db;
        }
        const other = groups.find(na, nb, 0);
        if (other > id && sameLine(groups.firsts[id], groups.firsts[other], tol)) parent[root(other)] = root(id);
      }
    }
  }
  const unions = new Map<number, Extract<Segment, { kind: "line" }>[]>();
  for (let id = 0; id < count; id++) {
    const r = root(id);
    const list = unions.get(r);
    if (list) list.push(...groups.members(id));
    else unions.set(r, groups.members(id));
  }
  for (const group of unions.values()) {
    if (group.length > 1) dedupeLines(group, tol, result);
    else result.segments.push(group[0]);
  }
}

/** Both ends of `b` lie within `tol` of the infinite line through `a`. */
function sameLine(a: Extract<Segment, { kind: "line" }>, b: Extract<Segment, { kind: "line" }>, tol: number): boolean {
  const dx = a.b[0] - a.a[0];
  const dy = a.b[1] - a.a[1];
  const len = Math.hypot(dx, dy);
  if (len === 0) return false;
  const off = (p: Point) => Math.abs((p[0] - a.a[0]) * dy - (p[1] - a.a[1]) * dx) / len;
  return off(b.a) <= tol && off(b.b) <= tol;
}

/** Groups a line by its infinite line: direction folded into [0, π) and signed distance from the origin. */
function addLine(
  groups: KeyedGroups<Extract<Segment, { kind: "line" }>>,
  s: Extract<Segment, { kind: "line" }>,
  tol: number,
): void {
  let theta = Math.atan2(s.b[1] - s.a[1], s.b[0] - s.a[0]);
  if (theta < 0) theta += Math.PI;
  // A direction that rounds to π is the same line as θ = 0 (the distance's sign flips with it).
  if (Math.round(theta * ANGLE_BUCKETS) >= HALF_TURN_BUCKETS) theta -= Math.PI;
  const w = Math.cos(theta) * s.a[1] - Math.sin(theta) * s.a[0];
  groups.add(Math.round(theta * ANGLE_BUCKETS), Math.round(w / tol), 0, s);
}

interface Interval<T> {
  lo: number;
  hi: number;
  loPoint: T;
  hiPoint: T;
  layer: string;
}

/** Splits overlapping 1D intervals at every endpoint; calls emit once per covered piece. */
function splitOverlaps<T>(
  items: Interval<T>[],
  tol: number,
  result: DedupeResult,
  unit: number,
  emit: (lo: number, hi: number, a: T, b: T, layer: string) => void,
): boolean {
  items.sort((x, y) => x.lo - y.lo);
  let overlap = false;
  let reach = -Infinity;
  for (const it of items) {
    if (it.lo < reach - tol) overlap = true;
    reach = Math.max(reach, it.hi);
  }
  if (!overlap) return false;
  const breaks: { t: number; p: T }[] = [];
  for (const it of items) breaks.push({ t: it.lo, p: it.loPoint }, { t: it.hi, p: it.hiPoint });
  breaks.sort((x, y) => x.t - y.t);
  const merged = breaks.filter((b, k) => k === 0 || b.t - breaks[k - 1].t > tol);
  for (let k = 1; k < merged.length; k++) {
    const mid = (merged[k - 1].t + merged[k].t) / 2;
    const covering = items.filter((it) => it.lo <= mid && it.hi >= mid);
    if (covering.length === 0) continue;
    if (covering.length > 1) {
      result.duplicates += covering.length - 1;
      result.duplicateLengthMm += (covering.length - 1) * (merged[k].t - merged[k - 1].t) * unit;
    }
    emit(merged[k - 1].t, merged[k].t, merged[k - 1].p, merged[k].p, covering[0].layer);
  }
  return true;
}

function dedupeLines(group: Extract<Segment, { kind: "line" }>[], tol: number, result: DedupeResult): void {
  const d = [group[0].b[0] - group[0].a[0], group[0].b[1] - group[0].a[1]];
  const len = Math.hypot(d[0], d[1]);
  const u = [d[0] / len, d[1] / len];
  const items: Interval<Point>[] = group.map((s) => {
    const ta = s.a[0] * u[0] + s.a[1] * u[1];
    const tb = s.b[0] * u[0] + s.b[1] * u[1];
    return ta <= tb
      ? { lo: ta, hi: tb, loPoint: s.a, hiPoint: s.b, layer: s.layer }
      : { lo: tb, hi: ta, loPoint: s.b, hiPoint: s.a, layer: s.layer };
  });
  const split = splitOverlaps(items, tol, result, 1, (_lo, _hi, a, b, layer) =>
    result.segments.push({ kind: "line", a, b, layer }),
  );
  if (!split) result.segments.push(...group);
}

function dedupeArcs(group: Extract<Segment, { kind: "arc" }>[], tol: number, result: DedupeResult): void {
  const twoPi = 2 * Math.PI;
  const { cx, cy, r } = group[0];
  const angTol = tol / r;
  // Angles as CCW intervals in [0, 2π]; an arc across 0 becomes two intervals.
  const items: Interval<number>[] = [];
  for (const s of group) {
    const sweep = Math.abs(s.sweep);
    let lo = s.sweep >= 0 ? s.a0 : s.a0 + s.sweep;
    lo = ((lo % twoPi) + twoPi) % twoPi;
    const hi = lo + sweep;
    if (sweep >= twoPi - 1e-12) items.push({ lo: 0, hi: twoPi, loPoint: 0, hiPoint: twoPi, layer: s.layer });
    else if (hi <= twoPi) items.push({ lo, hi, loPoint: lo, hiPoint: hi, layer: s.layer });
    else
      items.push(
        { lo, hi: twoPi, loPoint: lo, hiPoint: twoPi, layer: s.layer },
        { lo: 0, hi: hi - twoPi, loPoint: 0, hiPoint: hi - twoPi, layer: s.layer },
      );
  }
  const split = splitOverlaps(items, angTol, result, r, (lo, hi, _a, _b, layer) =>
    result.segments.push({ kind: "arc", cx, cy, r, a0: lo, sweep: hi - lo, layer }),
  );
  if (!split) result.segments.push(...group);
}
