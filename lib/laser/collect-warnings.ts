import type { LaserGeometry, LaserWarning } from "./types";
import type { BBox } from "./geometry/segments";
import { type DrawingUnits, suspectUnits } from "./units";

/** Holes or slots narrower than this rarely cut clean on a fibre laser. */
const TINY_FEATURE_MM = 1;

/** What a shop should check before cutting, from the measured geometry. */
export function collectWarnings(
  g: LaserGeometry,
  dedupe: { duplicates: number; duplicateLengthMm: number },
  units: DrawingUnits,
  measurement: number | null,
  bbox: BBox,
): LaserWarning[] {
  const w: LaserWarning[] = [];
  if (g.open_contours > 0) {
    w.push({
      code: "OPEN_CONTOUR",
      message: `${g.open_contours} contour(s) are not closed; they are priced as cut paths but cannot form a part edge. Check for gaps larger than the joining tolerance.`,
    });
  }
  if (dedupe.duplicates > 0) {
    w.push({
      code: "DUPLICATE_LINES",
      message: `${dedupe.duplicates} duplicate or overlapping segment(s) (${dedupe.duplicateLengthMm.toFixed(1)} mm) were counted once.`,
    });
  }
  const unitProblem = suspectUnits(units, measurement, Math.max(bbox.maxX - bbox.minX, bbox.maxY - bbox.minY));
  if (unitProblem) w.push({ code: "UNIT_SUSPECT", message: unitProblem });
  if ((g.ignored.text ?? 0) > 0) {
    w.push({
      code: "TEXT_NOT_OUTLINED",
      message: `${g.ignored.text} text object(s) are not cut. To engrave or cut lettering, convert the text to outlines (explode it) in your CAD program.`,
    });
  }
  if (g.min_feature_mm !== null && g.min_feature_mm < TINY_FEATURE_MM) {
    w.push({
      code: "TINY_FEATURES",
      message: `The smallest hole or slot is ${g.min_feature_mm.toFixed(2)} mm wide; features narrower than the sheet thickness may not cut cleanly.`,
    });
  }
  if (g.parts > 1) {
    w.push({
      code: "MULTIPLE_PARTS",
      message: `The drawing holds ${g.parts} separate parts; the price covers all of them as drawn.`,
    });
  }
  return w;
}
