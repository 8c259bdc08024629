/** Millimetres per declared length unit (3MF and AMF unit attribute values). */
const MILLIMETRES_PER_UNIT: Record<string, number> = {
  micron: 0.001,
  millimeter: 1,
  centimeter: 10,
  meter: 1000,
  inch: 25.4,
  foot: 304.8,
};

export const ASSUMED_MILLIMETRES = "assumed_mm";

/** Returns the mm scale for a declared unit, or null when the unit is not one we know. */
export function lookupUnitScale(unit: string): number | null {
  return MILLIMETRES_PER_UNIT[unit.trim().toLowerCase()] ?? null;
}

export function listKnownUnits(): string {
  return Object.keys(MILLIMETRES_PER_UNIT).join(", ");
}
