/** Cut primitives in mm. Lines and circular arcs stay exact; everything else is a measured curve. */

export type Point = [number, number];

export type Segment =
  | { kind: "line"; a: Point; b: Point; layer: string }
  /** Circular arc: centre (cx, cy), angle a0, signed sweep (CCW > 0), |sweep| ≤ 2π. The centre is two fields, not a Point: one object less per hole on a sheet. */
  | { kind: "arc"; cx: number; cy: number; r: number; a0: number; sweep: number; layer: string }
  /** Ellipse, spline, or non-uniformly scaled arc: display polyline, length and extent measured finely. */
  | { kind: "curve"; points: Point[]; length: number; box: BBox; twiceArea: number; layer: string };

export interface BBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export function emptyBBox(): BBox {
  return { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
}

function arcPoint(cx: number, cy: number, r: number, a: number): Point {
  return [cx + r * cosAt(a), cy + r * sinAt(a)];
}

/** Math.cos, without the call at ±0 (where most full circles start): cos(±0) is 1 exactly. */
export function cosAt(a: number): number {
  return a === 0 ? 1 : Math.cos(a);
}

/** Math.sin, without the call at ±0: sin(±0) is ±0, the angle itself. */
export function sinAt(a: number): number {
  return a === 0 ? a : Math.sin(a);
}

export function segmentStart(s: Segment): Point {
  if (s.kind === "line") return s.a;
  if (s.kind === "arc") return arcPoint(s.cx, s.cy, s.r, s.a0);
  return s.points[0];
}

export function segmentEnd(s: Segment): Point {
  if (s.kind === "line") return s.b;
  if (s.kind === "arc") return arcPoint(s.cx, s.cy, s.r, s.a0 + s.sweep);
  return s.points[s.points.length - 1];
}

export function segmentLength(s: Segment): number {
  if (s.kind === "line") return Math.hypot(s.b[0] - s.a[0], s.b[1] - s.a[1]);
  if (s.kind === "arc") return s.r * Math.abs(s.sweep);
  return s.length;
}

export function addPoint(b: BBox, x: number, y: number): void {
  if (x < b.minX) b.minX = x;
  if (x > b.maxX) b.maxX = x;
  if (y < b.minY) b.minY = y;
  if (y > b.maxY) b.maxY = y;
}

/** True extent: arcs add the quadrant points they pass, not their control polygon. */
export function extendBBox(b: BBox, s: Segment): void {
  if (s.kind === "line") {
    addPoint(b, s.a[0], s.a[1]);
    addPoint(b, s.b[0], s.b[1]);
  } else if (s.kind === "curve") {
    addPoint(b, s.box.minX, s.box.minY);
    addPoint(b, s.box.maxX, s.box.maxY);
  } else {
    const p0 = segmentStart(s);
    const p1 = segmentEnd(s);
    addPoint(b, p0[0], p0[1]);
    addPoint(b, p1[0], p1[1]);
    const lo = Math.min(s.a0, s.a0 + s.sweep);
    const hi = Math.max(s.a0, s.a0 + s.sweep);
    for (let k = Math.ceil(lo / (Math.PI / 2)); k * (Math.PI / 2) <= hi; k++) {
      const p = arcPoint(s.cx, s.cy, s.r, k * (Math.PI / 2));
      addPoint(b, p[0], p[1]);
    }
  }
}

/** Points along the segment (start included) for display, nesting and hull tests. */
export function flattenSegment(s: Segment, sagitta: number): Point[] {
  if (s.kind === "line") return [s.a, s.b];
  if (s.kind === "curve") return s.points;
  const n = arcSteps(s.r, s.sweep, sagitta);
  const pts: Point[] = [];
  for (let k = 0; k <= n; k++) pts.push(arcPoint(s.cx, s.cy, s.r, s.a0 + (s.sweep * k) / n));
  return pts;
}

/** Chords drawing an arc within `sagitta` of the true curve; a full circle gets at least 8. */
export function arcSteps(r: number, sweep: number, sagitta: number): number {
  const step = r > sagitta ? 2 * Math.acos(1 - sagitta / r) : Math.PI / 2;
  return Math.max(Math.ceil(Math.abs(sweep) / step), Math.abs(sweep) > 6 ? 8 : 2);
}

/** Display points are rounded to 0.1 µm once, where they are made (smaller JSON, no second copy). */
export function roundPoint(x: number, y: number): Point {
  return [roundCoordinate(x), roundCoordinate(y)];
}

export function roundCoordinate(v: number): number {
  return Math.round(v * 1e4) / 1e4;
}

/** Output coordinates are rounded to 1 µm: far below what a viewer shows, and short to print. */
export function roundDisplay(v: number): number {
  return Math.round(v * 1000) / 1000;
}

/** Twice the signed area swept from the origin, exact for arcs (chord + circular segment). */
export function segmentDoubleArea(s: Segment): number {
  if (s.kind === "curve") return s.twiceArea;
  const p = segmentStart(s);
  const q = segmentEnd(s);
  const chord = p[0] * q[1] - q[0] * p[1];
  if (s.kind === "line") return chord;
  return chord + s.r * s.r * (s.sweep - Math.sin(s.sweep));
}
