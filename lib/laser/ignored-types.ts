import type { DrawingBlock } from "./types";

/** Why an entity type is never cut; the key is the reason reported in `ignored`. */
const REASONS: Record<string, string> = {
  TEXT: "text",
  MTEXT: "text",
  ATTDEF: "text",
  ATTRIB: "text",
  ARCALIGNEDTEXT: "text",
  DIMENSION: "dimension",
  ARC_DIMENSION: "dimension",
  LARGE_RADIAL_DIMENSION: "dimension",
  LEADER: "dimension",
  MLEADER: "dimension",
  MULTILEADER: "dimension",
  TOLERANCE: "dimension",
  HATCH: "hatch",
  MPOLYGON: "hatch",
  POINT: "point",
  VIEWPORT: "viewport",
  ACAD_TABLE: "table",
};

export function ignoredReason(type: string): string {
  if (type.startsWith("DIMENSION")) return "dimension"; // DWG reports DIMENSION_LINEAR, _ALIGNED, …
  return REASONS[type] ?? "other";
}

/**
 * AutoCAD draws a table (ACAD_TABLE) through an anonymous block named *T<n>. Writers that have no table entity
 * (R13/R14, older DXF) keep only an INSERT of that block: it is still a table, never cut.
 */
export function isTableBlock(name: string): boolean {
  return /^\*T\d+$/i.test(name);
}

/**
 * A dimension is drawn through an anonymous block whose definition points sit on layer DEFPOINTS (AutoCAD's rule).
 * A writer without the dimension's entity (an ARC_DIMENSION saved as R14) keeps only an INSERT of that block:
 * still a dimension, never cut.
 */
export function isDimensionBlock(name: string, block: DrawingBlock): boolean {
  return (
    name.startsWith("*") &&
    block.entities.some((e) => e.type === "ignored" && e.reason === "point" && e.layer.toUpperCase() === "DEFPOINTS")
  );
}
