import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MK3S_QUALITY_SETTINGS, SL1S_NORMAL_SETTINGS } from "./default-profiles";
import { estimateFromBasis, measurePrint } from "./measure-print";
import { DEFAULT_PRINT_PROFILE } from "./default-print-profile";
import { profileFromPrusaConfig } from "./profile";
import {
  FDM_SETTING_RULES,
  PrintProfileError,
  importPrusaConfig,
  profileFromSettings,
  validateSettings,
} from "./profile-settings";
import { box, table } from "./test-meshes";

const here = path.dirname(new URL(import.meta.url).pathname);
const PROFILE_INI = fs.readFileSync(path.join(here, "../../eval/quotes/profile.ini"), "utf8");

describe("print profile settings", () => {
  it("the built-in FDM profile is the one Debian's PrusaSlicer bundle gives (eval/quotes/profile.ini)", () => {
    expect(importPrusaConfig("fdm", PROFILE_INI).settings).toEqual(MK3S_QUALITY_SETTINGS);
    expect(profileFromSettings(MK3S_QUALITY_SETTINGS)).toEqual(profileFromPrusaConfig(PROFILE_INI));
    expect(profileFromSettings(MK3S_QUALITY_SETTINGS)).toEqual(DEFAULT_PRINT_PROFILE);
  });

  it("knows every setting the config.ini reader uses", () => {
    const source = fs.readFileSync(path.join(here, "profile.ts"), "utf8");
    const read = [...source.matchAll(/\b(?:num|numOrPercent|bool|raw|width)\(\s*"([a-z_0-9]+)"/g)].map((m) => m[1]);
    expect(read.length).toBeGreaterThan(50);
    expect(read.filter((key) => !(key in FDM_SETTING_RULES))).toEqual([]);
  });

  it("imports a shop's config.ini: the settings it reads, the rest listed as ignored", () => {
    const { settings, ignored } = importPrusaConfig(
      "fdm",
      "layer_height = 0.15\nperimeters = 3\nfill_density = 15%\nwipe = 0\nprinter_model = MK3S\nbed_temperature = 60\n",
    );
    expect(settings).toEqual({ layer_height: 0.15, perimeters: 3, fill_density: "15%", wipe: false });
    expect(ignored).toEqual(["bed_temperature", "printer_model"]);
    expect(profileFromSettings(settings).layerHeight).toBe(0.15);
  });

  it.each([
    ["layer_height = 0", "layer_height", /greater than zero/],
    ["perimeter_speed = -10", "perimeter_speed", /greater than zero/],
    ["nozzle_diameter = 0.4\nlayer_height = 0.45", "layer_height", /above the nozzle/],
    ["first_layer_height = 0.6", "first_layer_height", /above the nozzle/],
    ["perimeters = 1.5", "perimeters", /whole number/],
    ["travel_speed = fast", "travel_speed", /must be a number/],
    ["fill_pattern = swirl", "fill_pattern", /one of PrusaSlicer's patterns/],
  ])("refuses impossible values: %s", (ini, setting, message) => {
    try {
      importPrusaConfig("fdm", ini);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PrintProfileError);
      expect((error as PrintProfileError).setting).toBe(setting);
      expect((error as Error).message).toMatch(message);
    }
  });

  it("never carries a setting it does not read, such as a post-processing script", () => {
    const { settings, ignored } = importPrusaConfig(
      "fdm",
      "post_process = /bin/sh -c 'rm -rf /'\nfill_pattern = gyroid\n",
    );
    expect(settings).toEqual({ fill_pattern: "gyroid" });
    expect(ignored).toEqual(["post_process"]);
  });

  it("refuses settings it does not read in a stored profile", () => {
    expect(() => validateSettings("fdm", { layer_heigth: 0.2 })).toThrow(/layer_heigth is not/);
  });
});

describe("resin estimate", () => {
  it("counts layers and exposure, not volume", () => {
    // 20 mm tall at 0.05 mm: 400 layers. Faded: 10 layers from 25 s down in steps of (25 − 2) / 11.
    // Each 10 × 10 mm slice is 100 mm², far below 45 % of 128 × 81 mm: fast tilt (2.5 s) every layer.
    const basis = measurePrint(box(0, 0, 0, 10, 10, 20), "sla", SL1S_NORMAL_SETTINGS);
    expect(basis).toEqual({ process: "sla", layers: 400, slowTiltLayers: 0 });
    const step = 23 / 11;
    let faded = 0;
    for (let i = 0; i < 10; i++) faded += 25 - step * i;
    const expected = 390 * 2 + faded + 400 * 2.5;
    const figures = estimateFromBasis(basis, SL1S_NORMAL_SETTINGS, {
      infillPercent: 20,
      partVolumeMm3: 2000,
      supports: "none",
    });
    expect(figures.time_s).toBeCloseTo(expected, 9);
    expect(figures.material_mm3).toBe(2000);
    // A plate covering most of the display tilts slowly on every layer.
    const plate = measurePrint(box(0, 0, 0, 120, 80, 1), "sla", SL1S_NORMAL_SETTINGS);
    expect(plate).toEqual({ process: "sla", layers: 20, slowTiltLayers: 20 });
  });

  it("FDM figures come from the layer estimator and grow with infill", () => {
    const basis = measurePrint(box(0, 0, 0, 20, 20, 10), "fdm", MK3S_QUALITY_SETTINGS);
    const sparse = estimateFromBasis(basis, MK3S_QUALITY_SETTINGS, {
      infillPercent: 10,
      partVolumeMm3: 4000,
      supports: "none",
    });
    const dense = estimateFromBasis(basis, MK3S_QUALITY_SETTINGS, {
      infillPercent: 50,
      partVolumeMm3: 4000,
      supports: "none",
    });
    expect(dense.material_mm3).toBeGreaterThan(sparse.material_mm3);
    expect(dense.time_s).toBeGreaterThan(sparse.time_s);
    expect(sparse.layers).toBe(50);
  });
});

describe("supports", () => {
  it("a table's overhang needs supports; asking for them adds their material and time", () => {
    const basis = measurePrint(table(), "fdm", MK3S_QUALITY_SETTINGS);
    const options = { infillPercent: 20, partVolumeMm3: 4192 };
    const without = estimateFromBasis(basis, MK3S_QUALITY_SETTINGS, { ...options, supports: "none" });
    const withSupports = estimateFromBasis(basis, MK3S_QUALITY_SETTINGS, { ...options, supports: "auto" });
    expect(without.needs_supports).toBe(true);
    expect(withSupports.material_mm3).toBeGreaterThan(1.15 * without.material_mm3);
    expect(withSupports.time_s).toBeGreaterThan(without.time_s);
    // A plain box stands on its own.
    expect(
      estimateFromBasis(measurePrint(box(0, 0, 0, 20, 20, 10), "fdm", MK3S_QUALITY_SETTINGS), MK3S_QUALITY_SETTINGS, {
        ...options,
        supports: "none",
      }).needs_supports,
    ).toBe(false);
  });
});
