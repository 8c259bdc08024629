import { DomainError } from "@/lib/errors";
import type { LaserContour, LaserGeometry } from "./types";
import type { ExplodedDrawing } from "./explode-entities";
import type { BBox, Point, Segment } from "./geometry/segments";
import {
  addPoint,
  cosAt,
  emptyBBox,
  extendBBox,
  flattenSegment,
  roundCoordinate,
  roundDisplay,
  roundPoint,
  segmentDoubleArea,
  segmentLength,
  sinAt,
} from "./geometry/segments";
import { type ArcSegment, CircleContour, CircleRings, isFullCircle } from "./circle-contours";
import { chainContours, type Contour, type Trail } from "./chain-contours";
import { nestContours } from "./nest-contours";
import { measureMinWidth } from "./min-width";
import type { DrawingUnits } from "./units";
import { collectWarnings } from "./collect-warnings";
import { cutSegments } from "./lone-circle-path";
import type { CutCircles } from "./lone-circles";
import { findAnnotations } from "./annotation-geometry";

export interface MeasureInput {
  exploded: ExplodedDrawing;
  units: DrawingUnits;
  measurement: number | null;
  tol: number;
  /** False: no display contours (`contours` is empty), for a caller that keeps only the measurements. */
  withContours?: boolean;
}

export function measureDrawing({ exploded, units, measurement, tol, withContours = true }: MeasureInput): {
  geometry: LaserGeometry;
  contours: LaserContour[];
} {
  // Lone full circles the reader kept as numbers stay numbers when that changes no figure (lone-circle-path.ts).
  const { segments, circles: numeric, isolated, dedupe, stray } = cutSegments(exploded, tol);
  if (segments.length + (numeric?.count ?? 0) === 0) throw emptyGeometry(exploded);

  let { bbox, cutLength } = extentAndLength(segments, numeric, null);
  // Display resolution follows the sheet size: fine for a bracket, light for a 2 m sheet of holes.
  const sagitta = Math.min(0.25, Math.max(0.005, Math.hypot(bbox.maxX - bbox.minX, bbox.maxY - bbox.minY) / 5000));

  // Lone full circles are closed contours by themselves; only the rest needs chaining. With `numeric`, the other
  // segments hold no arc, so the circles are exactly those, after every segment.
  let circleOrder: Int32Array;
  let circles: CircleRings;
  if (numeric) {
    circleOrder = new Int32Array(numeric.count);
    for (let i = 0; i < numeric.count; i++) circleOrder[i] = segments.length + i;
    circles = new CircleRings(numeric.count, numeric.data, numeric.layers, sagitta);
  } else {
    const arcs: ArcSegment[] = [];
    const order: number[] = [];
    segments.forEach((s, k) => {
      if (isolated[k]) {
        arcs.push(s as ArcSegment);
        order.push(k);
      }
    });
    circleOrder = Int32Array.from(order);
    circles = CircleRings.fromArcs(arcs, sagitta);
  }
  const chained = chainedShapes(segments, isolated, tol, sagitta);
  const closed = chained.filter((c) => c.closed);

  const count = circles.count + closed.length;
  const boxes = new Float64Array(4 * count);
  const probes = new Float64Array(2 * count);
  for (let k = 0; k < circles.count; k++) {
    const cx = circles.cx(k);
    const cy = circles.cy(k);
    const r = circles.r(k);
    boxes[4 * k] = cx - r;
    boxes[4 * k + 1] = cy - r;
    boxes[4 * k + 2] = cx + r;
    boxes[4 * k + 3] = cy + r;
    // The first display point, as for every other contour.
    probes[2 * k] = roundCoordinate(cx + r * cosAt(circles.a0(k)));
    probes[2 * k + 1] = roundCoordinate(cy + r * sinAt(circles.a0(k)));
  }
  closed.forEach((c, j) => {
    const k = circles.count + j;
    boxes.set([c.box.minX, c.box.minY, c.box.maxX, c.box.maxY], 4 * k);
    probes.set(c.rings[0][0], 2 * k);
  });
  const rings = (k: number) => (k < circles.count ? [circles.points(k)] : closed[k - circles.count].rings);
  const depths = nestContours({ count, boxes, probes, rings });

  // Open paths wholly outside the material (centre marks in holes, crosses beside an edge) are not cut.
  const open = chained.filter((c) => !c.closed);
  const annotation = findAnnotations({ count, boxes, rings }, depths, open);
  let annotationPieces = 0;
  open.forEach((c, k) => {
    if (!annotation[k]) return;
    c.ignored = "annotation";
    annotationPieces += c.members.length;
  });
  if (annotationPieces > 0) {
    const skip = new Uint8Array(isolated.length);
    for (const c of open) if (c.ignored) for (const k of c.members) skip[k] = 1;
    ({ bbox, cutLength } = extentAndLength(segments, numeric, skip));
  }

  // Compensated (Neumaier) sum: a sheet subtracts tens of thousands of small holes from one large outline.
  let area = 0;
  let areaError = 0;
  const addArea = (a: number) => {
    const t = area + a;
    areaError += Math.abs(area) >= Math.abs(a) ? area - t + a : a - t + area;
    area = t;
  };
  let parts = 0;
  let holes = 0;
  let minFeature: number | null = null;
  // 1 where circle k is a hole: a byte per circle, not a list of 50,000 role names.
  const circleHoles = new Uint8Array(circles.count);
  for (let k = 0; k < count; k++) {
    const role = depths[k] % 2 === 0 ? "outer" : "hole";
    const circle = k < circles.count;
    const shape = circle ? null : closed[k - circles.count];
    if (shape) shape.role = role;
    else circleHoles[k] = role === "hole" ? 1 : 0;
    const a = circle ? (circles.r(k) * circles.r(k) * Math.abs(circles.sweep(k))) / 2 : shape!.area;
    if (role === "outer") {
      parts++;
      addArea(a);
      continue;
    }
    holes++;
    addArea(-a);
    // A circle's caliper width is its diameter.
    const width = circle
      ? 2 * circles.r(k)
      : measureMinWidth(
          shape!.contour.segments.map((i) => shape!.segments[i]),
          shape!.rings.flat(),
        );
    minFeature = Math.min(minFeature ?? Infinity, width);
  }

  const contours = withContours
    ? outputContours({ circles, circleOrder, circleHoles, chained, nonCut: exploded.nonCut, sagitta })
    : [];
  const ignoredContours = open.filter((c) => c.ignored).length;
  const pierces = circles.count + chained.length - ignoredContours;
  const ignored = { ...exploded.ignored };
  if (stray) ignored.stray = stray.count;
  if (annotationPieces) ignored.annotation = annotationPieces;
  const geometry: LaserGeometry = {
    cut_length_mm: cutLength,
    pierce_count: pierces,
    bbox_mm: { x: bbox.maxX - bbox.minX, y: bbox.maxY - bbox.minY },
    area_cm2: Math.max(0, area + areaError) / 100,
    contours: pierces,
    open_contours: open.length - ignoredContours,
    parts,
    holes,
    min_feature_mm: minFeature,
    units: units.name,
    ignored,
    bend_lines: exploded.bendLines,
    warnings: [],
  };
  geometry.warnings = collectWarnings(geometry, dedupe, units, measurement, bbox);
  if (stray) {
    const one = stray.count === 1;
    geometry.warnings.push({
      code: "STRAY_GEOMETRY",
      message: `${stray.count} ${one ? "piece" : "pieces"} of geometry (${stray.lengthMm.toFixed(0)} mm of line) ${one ? "lies" : "lie"} up to ${(stray.distanceMm / 1000).toFixed(1)} m away from the part and ${one ? "was" : "were"} left out of the quote. Delete ${one ? "it" : "them"} from the drawing if ${one ? "it is" : "they are"} not meant to be cut.`,
    });
  }
  return { geometry, contours };
}

interface ChainedShape {
  /** Index of its first segment in the deduplicated list, for drawing order. */
  order: number;
  /** Its segments' indices in the deduplicated list. */
  members: number[];
  /** Set when it is not cut (annotation): why. */
  ignored?: string;
  contour: Contour;
  /** The segments the contour's indices refer to. */
  segments: Segment[];
  closed: boolean;
  trails: { trail: Trail; points: Point[]; length: number }[];
  rings: Point[][];
  box: BBox;
  area: number;
  role: LaserContour["role"];
}

/** Everything but lone circles goes through endpoint chaining; trails are flattened up front. */
function chainedShapes(all: Segment[], isolated: Uint8Array, tol: number, sagitta: number): ChainedShape[] {
  const index: number[] = [];
  for (let k = 0; k < all.length; k++) if (!isolated[k]) index.push(k);
  const segments = index.map((k) => all[k]);
  return chainContours(segments, tol).map((c) => {
    const trails = c.trails.map((t) => ({
      trail: t,
      points: trailPoints(t, segments, sagitta),
      length: trailLength(t, segments),
    }));
    const box = emptyBBox();
    for (const k of c.segments) extendBBox(box, segments[k]);
    return {
      order: index[c.segments.reduce((a, b) => Math.min(a, b))],
      members: c.segments.map((k) => index[k]),
      contour: c,
      segments,
      closed: c.closed,
      trails,
      rings: trails.map((t) => t.points),
      box,
      area: c.closed ? contourArea(c.trails, segments) : 0,
      role: "open",
    };
  });
}

/** Contours in drawing order (by first segment), whichever path measured them; then what is drawn but not cut. */
function outputContours(m: {
  circles: CircleRings;
  circleOrder: Int32Array;
  circleHoles: Uint8Array;
  chained: ChainedShape[];
  nonCut: ExplodedDrawing["nonCut"];
  sagitta: number;
}): LaserContour[] {
  const { circles, circleOrder, circleHoles, chained } = m;
  const contours: LaserContour[] = [];
  for (let i = 0, j = 0; i < circles.count || j < chained.length; ) {
    if (j === chained.length || (i < circles.count && circleOrder[i] < chained[j].order)) {
      contours.push(new CircleContour(circles, i, circleHoles[i] ? "hole" : "outer"));
      i++;
      continue;
    }
    const c = chained[j++];
    if (c.ignored && !m.nonCut) continue;
    for (const t of c.trails) {
      contours.push({
        points: displayPoints(t.points, c.closed),
        closed: c.closed,
        role: c.role,
        length_mm: t.length,
        layer: c.segments[t.trail.steps[0].segment].layer,
        ...(c.ignored && { ignored: c.ignored }),
      });
    }
  }
  if (m.nonCut) contours.push(...nonCutContours(m.nonCut, m.sagitta));
  return contours;
}

/** Cut length and extent (true extent of arcs) of the segments, then the full circles of `more`, not skipped. */
function extentAndLength(
  segments: Segment[],
  more: CutCircles | null,
  skip: Uint8Array | null,
): { bbox: BBox; cutLength: number } {
  const bbox = emptyBBox();
  let cutLength = 0;
  segments.forEach((s, k) => {
    if (skip?.[k]) return;
    cutLength += segmentLength(s);
    if (isFullCircle(s)) {
      addPoint(bbox, s.cx - s.r, s.cy - s.r);
      addPoint(bbox, s.cx + s.r, s.cy + s.r);
    } else extendBBox(bbox, s);
  });
  const d = more?.data;
  for (let i = 0; d && i < more.count; i++) {
    if (skip?.[segments.length + i]) continue;
    const cx = d[5 * i];
    const cy = d[5 * i + 1];
    const r = d[5 * i + 2];
    // segmentLength of the arc.
    cutLength += r * Math.abs(d[5 * i + 4]);
    addPoint(bbox, cx - r, cy - r);
    addPoint(bbox, cx + r, cy + r);
  }
  return { bbox, cutLength };
}

/** Drawn entities that are not cut, one open display path each, flagged with why. */
function nonCutContours(groups: NonNullable<ExplodedDrawing["nonCut"]>, sagitta: number): LaserContour[] {
  return groups.map(({ reason, segments }) => {
    const points: number[] = [];
    for (const s of segments) {
      for (const p of flattenSegment(s, sagitta)) {
        const x = roundDisplay(p[0]);
        const y = roundDisplay(p[1]);
        // An entity's segments follow one another: each starts where the last ended.
        if (points.length && x === points[points.length - 2] && y === points[points.length - 1]) continue;
        points.push(x, y);
      }
    }
    const length = segments.reduce((sum, s) => sum + segmentLength(s), 0);
    return { points, closed: false, role: "open", length_mm: length, layer: segments[0].layer, ignored: reason };
  });
}

function emptyGeometry(exploded: ExplodedDrawing): DomainError {
  const skipped = Object.entries(exploded.ignored).map(([reason, n]) => `${n} ${reason}`);
  if (exploded.bendLines) skipped.push(`${exploded.bendLines} bend line(s)`);
  const detail = skipped.length
    ? ` Only non-cut content was found (${skipped.join(", ")}).`
    : " The drawing's model space is empty.";
  return new DomainError(
    "empty_geometry",
    `The drawing has nothing to cut: no lines, arcs, circles, polylines, splines or ellipses.${detail}`,
    {
      details: { ignored: exploded.ignored, bend_lines: exploded.bendLines },
    },
  );
}

function trailPoints(trail: Trail, segments: Segment[], sagitta: number): Point[] {
  const out: Point[] = [];
  for (const step of trail.steps) {
    const pts = flattenSegment(segments[step.segment], sagitta);
    for (let k = out.length ? 1 : 0; k < pts.length; k++) {
      const p = pts[step.reversed ? pts.length - 1 - k : k];
      out.push(roundPoint(p[0], p[1]));
    }
  }
  return out;
}

/** A trail's points as LaserContour.points: flat, rounded to 1 µm, a closed loop's end (its start) left out. */
function displayPoints(points: Point[], closed: boolean): number[] {
  const out: number[] = [];
  for (let k = 0; k < points.length - (closed ? 1 : 0); k++)
    out.push(roundDisplay(points[k][0]), roundDisplay(points[k][1]));
  return out;
}

function trailLength(trail: Trail, segments: Segment[]): number {
  return trail.steps.reduce((sum, st) => sum + segmentLength(segments[st.segment]), 0);
}

/** Enclosed area (mm²) of a closed contour, exact for lines and arcs: Σ |area of each loop|. */
function contourArea(trails: Trail[], segments: Segment[]): number {
  let total = 0;
  for (const t of trails) {
    let twice = 0;
    for (const st of t.steps) twice += (st.reversed ? -1 : 1) * segmentDoubleArea(segments[st.segment]);
    total += Math.abs(twice) / 2;
  }
  return total;
}
