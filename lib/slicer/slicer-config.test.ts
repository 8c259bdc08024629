import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_PRINT_PROFILE } from "@/lib/print-estimate/default-print-profile";
import { parseIni, profileFromPrusaConfig, type PrintProfile } from "@/lib/print-estimate/profile";
import { BASE_SLICER_CONFIG_INI } from "./base-config";
import { buildSlicerConfig } from "./slicer-config";
import { SlicerError } from "./slicer-error";

const EVAL_PROFILE = "eval/quotes/profile.ini";

/** A profile that differs from the default in every group, with values that are awkward in binary. */
const MODIFIED: PrintProfile = {
  ...DEFAULT_PRINT_PROFILE,
  layerHeight: 0.15,
  firstLayerHeight: 0.3,
  perimeters: 3,
  topSolidLayers: 7,
  bottomSolidLayers: 5,
  topSolidMinThickness: 0.9,
  fillDensity: 0.07,
  fillPattern: "cubic",
  nozzleDiameter: 0.6,
  widths: {
    default: 0.68,
    firstLayer: 0.7,
    perimeter: 0.65,
    externalPerimeter: 0.6,
    infill: 0.7,
    solidInfill: 0.66,
    topInfill: 0.55,
  },
  speeds: {
    ...DEFAULT_PRINT_PROFILE.speeds,
    perimeter: 60,
    externalPerimeter: 35,
    infill: 120,
    solidInfill: 100,
    firstLayer: 22.5,
  },
  accelerations: { default: 1250, perimeter: 1000, infill: 1500, bridge: 900, firstLayer: 700 },
  machine: { ...DEFAULT_PRINT_PROFILE.machine, maxAccelerationX: 2500, maxFeedrateZ: 15, maxJerkZ: 0.3 },
  retraction: {
    length: 1.2,
    speed: 40,
    deretractSpeed: 30,
    lift: 0.2,
    minTravel: 1.5,
    wipe: false,
    layerChange: false,
  },
  cooling: { enabled: false, slowdownBelowLayerTime: 10, minPrintSpeed: 12 },
  skirts: 0,
  skirtHeight: 1,
  infillOverlap: 0.13,
  elephantFootCompensation: 0,
  bridgeFlowRatio: 1,
  extrusionMultiplier: 0.97,
  fillAngle: 30,
  resolution: 0.01,
};

describe("buildSlicerConfig", () => {
  it("holds the same settings as eval/quotes/profile.ini (the vendored base is a copy of it)", () => {
    expect(parseIni(BASE_SLICER_CONFIG_INI)).toEqual(parseIni(fs.readFileSync(EVAL_PROFILE, "utf8")));
  });

  it("round-trips the default profile, leaving the base untouched", () => {
    const ini = buildSlicerConfig(DEFAULT_PRINT_PROFILE);
    expect(profileFromPrusaConfig(ini)).toEqual(DEFAULT_PRINT_PROFILE);
    const values = parseIni(ini);
    expect(values).toEqual(new Map([...parseIni(BASE_SLICER_CONFIG_INI), ["support_material", "0"]]));
    expect(values.get("infill_overlap")).toBe("25%"); // PrusaSlicer's own reading of the percentage is kept
  });

  it("round-trips a modified profile", () => {
    const ini = buildSlicerConfig(MODIFIED);
    expect(profileFromPrusaConfig(ini)).toEqual(MODIFIED);
    const values = parseIni(ini);
    expect(values.get("fill_density")).toBe("7%");
    expect(values.get("fill_pattern")).toBe("cubic");
    expect(values.get("wipe")).toBe("0");
    // Per-mode lists: the normal mode is written, the silent mode kept from the base.
    expect(values.get("machine_max_acceleration_x")).toBe("2500,960");
    expect(values.get("machine_max_feedrate_z")).toBe("15,12");
    // Keys PrintProfile does not carry stay as the base has them.
    expect(values.get("start_gcode")).toBe(parseIni(BASE_SLICER_CONFIG_INI).get("start_gcode"));
    expect(values.get("post_process")).toBe("");
  });

  it("writes the options: infill percentage and automatic supports", () => {
    const plain = parseIni(buildSlicerConfig(DEFAULT_PRINT_PROFILE, { infillPercent: 35 }));
    expect(plain.get("fill_density")).toBe("35%");
    expect(plain.get("support_material")).toBe("0");
    const supported = parseIni(buildSlicerConfig(DEFAULT_PRINT_PROFILE, { supports: "auto" }));
    expect(supported.get("support_material")).toBe("1");
    expect(supported.get("support_material_auto")).toBe("1");
    expect(profileFromPrusaConfig(buildSlicerConfig(DEFAULT_PRINT_PROFILE, { infillPercent: 35 })).fillDensity).toBe(
      0.35,
    );
  });

  it("starts from another base when given one", () => {
    const ini = buildSlicerConfig(DEFAULT_PRINT_PROFILE, { base: "# mine\nlayer_height = 0.3\ntemperature = 250\n" });
    expect(ini).toContain("# mine\nlayer_height = 0.2\ntemperature = 250\n");
    expect(profileFromPrusaConfig(ini)).toEqual(DEFAULT_PRINT_PROFILE);
  });

  it("refuses values that would not be one safe config line", () => {
    const bad: [string, PrintProfile][] = [
      ["pattern", { ...DEFAULT_PRINT_PROFILE, fillPattern: "gyroid\npost_process = /bin/sh" }],
      ["non-finite", { ...DEFAULT_PRINT_PROFILE, layerHeight: Number.NaN }],
      ["fractional count", { ...DEFAULT_PRINT_PROFILE, perimeters: 2.5 }],
    ];
    for (const [label, profile] of bad) {
      expect(() => buildSlicerConfig(profile), label).toThrow(SlicerError);
    }
    expect(() => buildSlicerConfig(DEFAULT_PRINT_PROFILE, { infillPercent: 120 })).toThrow(/infillPercent/);
    expect(() => buildSlicerConfig(DEFAULT_PRINT_PROFILE, { base: "post_process = /tmp/x.sh\n" })).toThrow(
      /post_process/,
    );
    expect(() => buildSlicerConfig({ ...DEFAULT_PRINT_PROFILE, fillPattern: "stars; rm" })).toThrow(
      expect.objectContaining({ code: "slicer_config_invalid" }),
    );
  });
});
