import { DomainError, isDomainError } from "@/lib/errors";
import type { AnalyzeOptions, DrawingAnalysis, DrawingFormat, DrawingModel } from "./types";
import { detectDrawingFormat, extensionFormat } from "./detect-format";
import { readDxf } from "./read-dxf";
import { DEFAULT_DWG_MEMORY_MB, DEFAULT_DWG_TIMEOUT_MS, readDwg } from "./read-dwg";
import { explodeDrawing } from "./explode-entities";
import { DEFAULT_NON_CUT_LAYER_PATTERNS } from "./non-cut-rules";
import { type MeasureInput, measureDrawing } from "./measure";
import { resolveUnits } from "./units";

export type {
  AnalyzeOptions,
  DrawingAnalysis,
  DrawingFormat,
  LaserContour,
  LaserGeometry,
  LaserWarning,
} from "./types";
export { detectDrawingFormat } from "./detect-format";
export { DEFAULT_NON_CUT_LAYER_PATTERNS } from "./non-cut-rules";

/** Endpoints closer than 0.01 mm are one junction: well below laser kerf, well above float noise. */
export const DEFAULT_CHAIN_TOLERANCE_MM = 0.01;

/**
 * Measures a DXF or DWG drawing the way a laser shop prices it: cut length, one
 * pierce per contour, net part area, extent, smallest feature. Throws DomainError
 * (unsupported_format 415, unreadable_file / empty_geometry / drawing_too_complex 422), never anything else.
 */
export async function analyzeDrawing(
  bytes: Uint8Array,
  filename: string,
  options: AnalyzeOptions = {},
): Promise<DrawingAnalysis> {
  const format = detectDrawingFormat(bytes, filename);
  if (!format) {
    const claimed = extensionFormat(filename);
    if (claimed) {
      throw new DomainError(
        "unreadable_file",
        `The file is named .${claimed} but does not contain ${claimed.toUpperCase()} data; it may be damaged or renamed.`,
      );
    }
    throw new DomainError(
      "unsupported_format",
      "This file is not a DXF or DWG drawing. Laser cutting quotes need a 2D drawing in DXF or DWG format.",
    );
  }
  try {
    const { geometry, contours } = measureDrawing({
      ...(await readAndExplode(bytes, format, options)),
      tol: options.chainToleranceMm ?? DEFAULT_CHAIN_TOLERANCE_MM,
      withContours: options.contours ?? true,
    });
    return { kind: "laser", format, geometry, contours };
  } catch (error) {
    if (isDomainError(error)) throw error;
    // A reader bug or a pathological file must surface as a typed 422, not crash the request.
    throw new DomainError(
      "unreadable_file",
      `The ${format.toUpperCase()} file could not be read: ${error instanceof Error ? error.message : String(error)}.`,
    );
  }
}

/** The drawing model stays local here, so it can be collected while the segments are measured. */
async function readAndExplode(
  bytes: Uint8Array,
  format: DrawingFormat,
  options: AnalyzeOptions,
): Promise<Omit<MeasureInput, "tol">> {
  const model: DrawingModel =
    format === "dxf"
      ? readDxf(bytes, { plainCircles: true })
      : await readDwg(bytes, {
          timeoutMs: options.dwgTimeoutMs ?? DEFAULT_DWG_TIMEOUT_MS,
          memoryMb: options.dwgMemoryMb ?? DEFAULT_DWG_MEMORY_MB,
        });
  const units = resolveUnits(model.insunits);
  const exploded = explodeDrawing(
    model,
    units.toMm,
    options.nonCutLayerPatterns ?? DEFAULT_NON_CUT_LAYER_PATTERNS,
    options.includeIgnored ?? false,
  );
  return { exploded, units, measurement: model.measurement };
}
