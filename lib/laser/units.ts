/** $INSUNITS codes → name and size in mm (AutoCAD's table; astronomical units left out). */
const UNITS: Record<number, [string, number]> = {
  1: ["inch", 25.4],
  2: ["foot", 304.8],
  3: ["mile", 1_609_344],
  4: ["millimeter", 1],
  5: ["centimeter", 10],
  6: ["meter", 1000],
  7: ["kilometer", 1_000_000],
  8: ["microinch", 25.4e-6],
  9: ["mil", 0.0254],
  10: ["yard", 914.4],
  11: ["angstrom", 1e-7],
  12: ["nanometer", 1e-6],
  13: ["micron", 1e-3],
  14: ["decimeter", 100],
  15: ["decameter", 10_000],
  16: ["hectometer", 100_000],
};

export interface DrawingUnits {
  name: string;
  /** Multiply drawing units by this to get mm. */
  toMm: number;
  declared: boolean;
}

/** Unitless (0), missing or unknown codes are taken as millimetres. */
export function resolveUnits(insunits: number | null): DrawingUnits {
  const unit = insunits === null ? undefined : UNITS[insunits];
  return unit ? { name: unit[0], toMm: unit[1], declared: true } : { name: "assumed_mm", toMm: 1, declared: false };
}

/** Longest side below which an undeclared drawing was probably drawn in inches. */
const INCH_SUSPECT_MM = 30;
const LARGEST_SHEET_MM = 6000;

/** Why the size looks wrong for a laser part, or null when it looks plausible. */
export function suspectUnits(units: DrawingUnits, measurement: number | null, longestSideMm: number): string | null {
  if (!units.declared && measurement === 0) {
    return "The drawing declares no units but uses imperial settings; it was read as millimetres. If it was drawn in inches, the part is 25.4× larger.";
  }
  if (!units.declared && longestSideMm < INCH_SUSPECT_MM) {
    return `The drawing declares no units and was read as millimetres, making the part only ${longestSideMm.toFixed(2)} mm long. If it was drawn in inches, it is 25.4× larger.`;
  }
  if (longestSideMm > LARGEST_SHEET_MM) {
    return `The part measures ${Math.round(longestSideMm)} mm, larger than any laser sheet; check the drawing units (${units.name}).`;
  }
  return null;
}
