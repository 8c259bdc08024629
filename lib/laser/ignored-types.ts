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
};

export function ignoredReason(type: string): string {
  if (type.startsWith("DIMENSION")) return "dimension"; // DWG reports DIMENSION_LINEAR, _ALIGNED, …
  return REASONS[type] ?? "other";
}
