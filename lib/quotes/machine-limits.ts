import { config } from "@/lib/config";

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

/** From `PRINTER_VOLUME_MM` (default 256x256x256) and `LASER_BED_MM` (default 3000x1500), validated in lib/config.ts. */
export function machineLimitsFromEnv(): MachineLimits {
  const { PRINTER_VOLUME_MM, LASER_BED_MM } = config();
  return {
    printerVolumeMm: PRINTER_VOLUME_MM as MachineLimits["printerVolumeMm"],
    laserBedMm: LASER_BED_MM as MachineLimits["laserBedMm"],
  };
}

const descending = (values: number[]) => [...values].sort((a, b) => b - a);

/** True when the part's sorted dimensions all fit the machine's sorted dimensions. */
export function fitsMachine(partMm: number[], machineMm: number[]): boolean {
  const part = descending(partMm);
  const machine = descending(machineMm);
  return part.every((size, i) => size <= machine[i]);
}
