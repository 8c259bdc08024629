/**
 * Machine sizes quotes are checked against. A part is compared with its
 * dimensions sorted, largest to largest, so it fits if some axis-aligned
 * orientation fits: a 300 × 20 × 20 mm bar does not fit a 256 mm cube, a
 * 20 × 250 × 250 mm plate does, whichever way the file happens to lie.
 */
export interface MachineLimits {
  printerVolumeMm: [number, number, number];
  laserBedMm: [number, number];
}

const DEFAULTS = { PRINTER_VOLUME_MM: "256x256x256", LASER_BED_MM: "3000x1500" };

function parseSize(name: keyof typeof DEFAULTS, axes: number): number[] {
  const raw = process.env[name]?.trim() || DEFAULTS[name];
  const parts = raw.split(/\s*[x×,]\s*/i).map(Number);
  if (parts.length !== axes || parts.some((n) => !Number.isFinite(n) || n <= 0)) {
    throw new Error(`${name} must be ${axes} positive millimetre sizes like ${DEFAULTS[name]}, got "${raw}"`);
  }
  return parts;
}

/** From `PRINTER_VOLUME_MM` (default 256x256x256) and `LASER_BED_MM` (default 3000x1500), read on each call. */
export function machineLimitsFromEnv(): MachineLimits {
  return {
    printerVolumeMm: parseSize("PRINTER_VOLUME_MM", 3) as MachineLimits["printerVolumeMm"],
    laserBedMm: parseSize("LASER_BED_MM", 2) as MachineLimits["laserBedMm"],
  };
}

const descending = (values: number[]) => [...values].sort((a, b) => b - a);

/** True when the part's sorted dimensions all fit the machine's sorted dimensions. */
export function fitsMachine(partMm: number[], machineMm: number[]): boolean {
  const part = descending(partMm);
  const machine = descending(machineMm);
  return part.every((size, i) => size <= machine[i]);
}
