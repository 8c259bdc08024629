import { afterEach, describe, expect, it, vi } from "vitest";
import { fitsMachine, machineLimitsFromEnv } from "./machine-limits";

afterEach(() => vi.unstubAllEnvs());

describe("machine limits", () => {
  it("defaults to a 256 mm cube and a 3000 × 1500 mm bed", () => {
    vi.stubEnv("PRINTER_VOLUME_MM", "");
    vi.stubEnv("LASER_BED_MM", "");
    expect(machineLimitsFromEnv()).toEqual({ printerVolumeMm: [256, 256, 256], laserBedMm: [3000, 1500] });
  });

  it("reads the environment and refuses nonsense", () => {
    vi.stubEnv("PRINTER_VOLUME_MM", "300 x 200×180");
    vi.stubEnv("LASER_BED_MM", "1250,2500");
    expect(machineLimitsFromEnv()).toEqual({ printerVolumeMm: [300, 200, 180], laserBedMm: [1250, 2500] });
    vi.stubEnv("LASER_BED_MM", "3000x0");
    expect(() => machineLimitsFromEnv()).toThrow(/LASER_BED_MM/);
    vi.stubEnv("LASER_BED_MM", "3000");
    expect(() => machineLimitsFromEnv()).toThrow(/LASER_BED_MM/);
  });

  it("compares sorted sizes, so orientation does not matter", () => {
    expect(fitsMachine([20, 250, 250], [256, 256, 256])).toBe(true);
    expect(fitsMachine([300, 20, 20], [256, 256, 256])).toBe(false);
    expect(fitsMachine([1400, 2900], [3000, 1500])).toBe(true);
    expect(fitsMachine([1600, 1600], [3000, 1500])).toBe(false);
    expect(fitsMachine([256, 256, 256], [256, 256, 256])).toBe(true);
  });
});
