import { AppError } from "@/lib/api/app-error";
import type { LaserContour, LaserGeometry, LaserWarning } from "./types";
import type { ExplodedDrawing } from "./explode-entities";
import type { BBox, Point, Segment } from "./geometry/segments";
import { emptyBBox, extendBBox, flattenSegment, segmentDoubleArea, segmentLength } from "./geometry/segments";
import { dedupeSegments } from "./dedupe-segments";
import { chainContours, type Trail } from "./chain-contours";
import { nestContours } from "./nest-contours";
import { measureMinWidth } from "./min-width";
import { type DrawingUnits, suspectUnits } from "./units";

/** Holes or slots narrower than this rarely cut clean on a fibre laser. */
const TINY_FEATURE_MM = 1;

export interface MeasureInput {
  exploded: ExplodedDrawing;
  units: DrawingUnits;
  measurement: number | null;
  tol: number;
}

export function measureDrawing({ exploded, units, measurement, tol }: MeasureInput): { geometry: LaserGeometry; contours: LaserContour[] } {
  const dedupe = dedupeSegments(exploded.segments, tol);
  const segments = dedupe.segments;
  if (segments.length === 0) throw emptyGeometry(exploded);

  const bbox = emptyBBox();
  for (const s of segments) extendBBox(bbox, s);
  const sizeX = bbox.maxX - bbox.minX;
  const sizeY = bbox.maxY - bbox.minY;
  // Display resolution follows the sheet size: fine for a bracket, light for a 2 m sheet of holes.
  const sagitta = Math.min(0.25, Math.max(0.005, Math.hypot(sizeX, sizeY) / 5000));

  const chained = chainContours(segments, tol);
  const shapes = chained.map((c) => {
    const trails = c.trails.map((t) => ({ trail: t, points: trailPoints(t, segments, sagitta), length: trailLength(t, segments) }));
    const box = emptyBBox();
    for (const k of c.segments) extendBBox(box, segments[k]);
    return { contour: c, trails, box };
  });

  const closed = shapes.filter((s) => s.contour.closed);
  const depths = nestContours(closed.map((s) => ({ rings: s.trails.map((t) => t.points), bbox: s.box })));
  let area = 0;
  let parts = 0;
  let holes = 0;
  let minFeature: number | null = null;
  const roles = new Map<(typeof shapes)[number], "outer" | "hole">();
  closed.forEach((s, k) => {
    const a = contourArea(s.trails.map((t) => t.trail), segments);
    if (depths[k] % 2 === 0) {
      parts++;
      area += a;
      roles.set(s, "outer");
    } else {
      holes++;
      area -= a;
      roles.set(s, "hole");
      const width = measureMinWidth(s.contour.segments.map((i) => segments[i]), s.trails.flatMap((t) => t.points));
      minFeature = minFeature === null ? width : Math.min(minFeature, width);
    }
  });

  const contours: LaserContour[] = shapes.flatMap((s) =>
    s.trails.map((t) => ({
      points: t.points,
      closed: s.contour.closed,
      role: roles.get(s) ?? "open",
      length_mm: t.length,
      layer: segments[t.trail.steps[0].segment].layer,
    })),
  );
  const cutLength = segments.reduce((sum, s) => sum + segmentLength(s), 0);
  const openCount = chained.length - closed.length;
  const geometry: LaserGeometry = {
    cut_length_mm: cutLength,
    pierce_count: chained.length,
    bbox_mm: { x: sizeX, y: sizeY },
    area_cm2: Math.max(0, area) / 100,
    contours: chained.length,
    open_contours: openCount,
    parts,
    holes,
    min_feature_mm: minFeature,
    units: units.name,
    ignored: exploded.ignored,
    bend_lines: exploded.bendLines,
    warnings: [],
  };
  geometry.warnings = collectWarnings(geometry, dedupe, units, measurement, bbox);
  return { geometry, contours };
}

function emptyGeometry(exploded: ExplodedDrawing): AppError {
  const skipped = Object.entries(exploded.ignored).map(([reason, n]) => `${n} ${reason}`);
  if (exploded.bendLines) skipped.push(`${exploded.bendLines} bend line(s)`);
  const detail = skipped.length ? ` Only non-cut content was found (${skipped.join(", ")}).` : " The drawing's model space is empty.";
  return new AppError("empty_geometry", `The drawing has nothing to cut: no lines, arcs, circles, polylines, splines or ellipses.${detail}`, {
    details: { ignored: exploded.ignored, bend_lines: exploded.bendLines },
  });
}

function stepPoints(segment: Segment, reversed: boolean, sagitta: number): Point[] {
  const pts = flattenSegment(segment, sagitta);
  return reversed ? [...pts].reverse() : pts;
}

function trailPoints(trail: Trail, segments: Segment[], sagitta: number): Point[] {
  const out: Point[] = [];
  for (const step of trail.steps) {
    const pts = stepPoints(segments[step.segment], step.reversed, sagitta);
    for (let k = out.length ? 1 : 0; k < pts.length; k++) out.push(roundPoint(pts[k]));
  }
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

/** Display points are rounded to 0.1 µm once, where they are made (smaller JSON, no second copy). */
function roundPoint(p: Point): [number, number] {
  return [Math.round(p[0] * 1e4) / 1e4, Math.round(p[1] * 1e4) / 1e4];
}

function collectWarnings(
  g: LaserGeometry,
  dedupe: { duplicates: number; duplicateLengthMm: number },
  units: DrawingUnits,
  measurement: number | null,
  bbox: BBox,
): LaserWarning[] {
  const w: LaserWarning[] = [];
  if (g.open_contours > 0) {
    w.push({ code: "OPEN_CONTOUR", message: `${g.open_contours} contour(s) are not closed; they are priced as cut paths but cannot form a part edge. Check for gaps larger than the joining tolerance.` });
  }
  if (dedupe.duplicates > 0) {
    w.push({ code: "DUPLICATE_LINES", message: `${dedupe.duplicates} duplicate or overlapping segment(s) (${dedupe.duplicateLengthMm.toFixed(1)} mm) were counted once.` });
  }
  const unitProblem = suspectUnits(units, measurement, Math.max(bbox.maxX - bbox.minX, bbox.maxY - bbox.minY));
  if (unitProblem) w.push({ code: "UNIT_SUSPECT", message: unitProblem });
  if ((g.ignored.text ?? 0) > 0) {
    w.push({ code: "TEXT_NOT_OUTLINED", message: `${g.ignored.text} text object(s) are not cut. To engrave or cut lettering, convert the text to outlines (explode it) in your CAD program.` });
  }
  if (g.min_feature_mm !== null && g.min_feature_mm < TINY_FEATURE_MM) {
    w.push({ code: "TINY_FEATURES", message: `The smallest hole or slot is ${g.min_feature_mm.toFixed(2)} mm wide; features narrower than the sheet thickness may not cut cleanly.` });
  }
  if (g.parts > 1) {
    w.push({ code: "MULTIPLE_PARTS", message: `The drawing holds ${g.parts} separate parts; the price covers all of them as drawn.` });
  }
  return w;
}
