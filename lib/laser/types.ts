/** Public result types of the laser (2D) engine, plus the reader-neutral drawing model. */
import type { PlainCircles } from "./lone-circles";

export type DrawingFormat = "dxf" | "dwg";

export type LaserWarningCode =
  | "OPEN_CONTOUR"
  | "DUPLICATE_LINES"
  | "STRAY_GEOMETRY"
  | "UNIT_SUSPECT"
  | "TEXT_NOT_OUTLINED"
  | "TINY_FEATURES"
  | "MULTIPLE_PARTS";

export interface LaserWarning {
  code: LaserWarningCode;
  message: string;
}

export interface LaserGeometry {
  cut_length_mm: number;
  pierce_count: number;
  bbox_mm: { x: number; y: number };
  area_cm2: number;
  contours: number;
  open_contours: number;
  parts: number;
  holes: number;
  min_feature_mm: number | null;
  /** Declared unit ("millimeter", "inch", …) or "assumed_mm" when the drawing declares none. */
  units: string;
  /** Entities not cut, counted by reason (text, dimension, hatch, point, viewport, layer, paper_space, other…). */
  ignored: Record<string, number>;
  bend_lines: number;
  warnings: LaserWarning[];
}

export interface LaserContour {
  /**
   * Polyline for display, flat: x0, y0, x1, y1, … in mm, rounded to 1 µm. A closed contour does not
   * repeat its first point. Arcs and curves are flattened (lengths are exact). A lone circle's is built on each read.
   */
  points: number[];
  closed: boolean;
  role: "outer" | "hole" | "open";
  length_mm: number;
  layer?: string;
  /** Drawn but not cut (only with `includeIgnored`): why, as counted in `ignored` (linetype, layer, annotation…). */
  ignored?: string;
}

export interface DrawingAnalysis {
  kind: "laser";
  format: DrawingFormat;
  geometry: LaserGeometry;
  contours: LaserContour[];
}

export interface AnalyzeOptions {
  /** Case-insensitive substrings of layer names that are never cut. */
  nonCutLayerPatterns?: string[];
  dwgTimeoutMs?: number;
  dwgMemoryMb?: number;
  /** Endpoints closer than this (mm) are joined into one contour. */
  chainToleranceMm?: number;
  /** Also return the drawn geometry that is not cut, as contours flagged `ignored` (for the viewer). */
  includeIgnored?: boolean;
  /** False: measure only, `contours` comes back empty (an upload keeps only the measurements). Default true. */
  contours?: boolean;
}

// ---------------------------------------------------------------------------
// Drawing model: what the DXF and DWG readers both produce, in drawing units,
// before any transform. Angles in radians.

export type Vec3 = [number, number, number];

export interface PolylineVertex {
  x: number;
  y: number;
  z: number;
  bulge: number;
}

/** `linetype`: the entity's own (DXF code 6); absent or BYLAYER means its layer's, BYBLOCK its INSERT's. */
export type DrawingEntity = { layer: string; linetype?: string } & (
  | { type: "line"; start: Vec3; end: Vec3 }
  /** Circle = arc with full: true. Center in the entity's OCS. */
  | { type: "arc"; center: Vec3; radius: number; start: number; end: number; full: boolean; extrusion: Vec3 }
  /** `ocs`: 2D polyline (vertices in OCS) vs 3D polyline (WCS). */
  | { type: "polyline"; vertices: PolylineVertex[]; closed: boolean; ocs: boolean; extrusion: Vec3 }
  | {
      type: "spline";
      degree: number;
      knots: number[];
      control: Vec3[];
      weights: number[] | null;
      fit: Vec3[];
      closed: boolean;
      startTangent?: Vec3 | null;
      endTangent?: Vec3 | null;
    }
  /** WCS center and major axis; minor axis = ratio · (extrusion × major). Params in radians. */
  | { type: "ellipse"; center: Vec3; major: Vec3; ratio: number; start: number; end: number; extrusion: Vec3 }
  | {
      type: "insert";
      block: string;
      insertion: Vec3;
      scale: Vec3;
      rotation: number;
      columns: number;
      rows: number;
      columnSpacing: number;
      rowSpacing: number;
      extrusion: Vec3;
    }
  /** Not cut by nature (text, dimension, hatch, …). */
  | { type: "ignored"; reason: string }
);

export interface DrawingBlock {
  base: Vec3;
  entities: DrawingEntity[];
}

export interface DrawingModel {
  /** $INSUNITS code, null when absent. */
  insunits: number | null;
  /** $MEASUREMENT: 0 imperial, 1 metric, null when absent. */
  measurement: number | null;
  /** Model space, walked once: the DXF reader converts each entity only when it is reached. */
  entities: Iterable<DrawingEntity>;
  /**
   * Model space's plain circles, when the reader was asked to keep them as numbers: filled while `entities` is
   * walked, each one met before the entity that follows it in the file (lone-circles.ts).
   */
  circles?: PlainCircles | null;
  blocks: Map<string, DrawingBlock>;
  /** Upper-case layer name → its linetype name (LAYER table). */
  layerLinetypes: Map<string, string>;
  /** Upper-case linetype name → whether its pattern has dashes (LTYPE table, DXF code 73 > 0). */
  dashedLinetypes: Map<string, boolean>;
}
