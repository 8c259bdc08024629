import { describe, expect, it } from "vitest";
import { MK3S_FLEX_SETTINGS, MK3S_NYLON_SETTINGS, MK3S_QUALITY_SETTINGS } from "./default-profiles";
import { basisKey, measurePrint } from "./measure-print";
import type { PrintSettings } from "./profile-settings";
import { joined, table, torus } from "./test-meshes";

/** Every setting that only turns a basis into time and material, changed at once. */
const MOTION_ONLY: PrintSettings = {
  ...MK3S_QUALITY_SETTINGS,
  filament_diameter: 2.85,
  filament_max_volumetric_speed: 3,
  extrusion_multiplier: 1.2,
  perimeter_speed: 30,
  external_perimeter_speed: 15,
  small_perimeter_speed: 15,
  infill_speed: 120,
  solid_infill_speed: 60,
  top_solid_infill_speed: 20,
  bridge_speed: 10,
  gap_fill_speed: 20,
  travel_speed: 250,
  travel_speed_z: 8,
  first_layer_speed: 15,
  default_acceleration: 2000,
  perimeter_acceleration: 500,
  infill_acceleration: 3000,
  first_layer_acceleration: 400,
  machine_max_acceleration_extruding: 4000,
  machine_max_feedrate_x: 300,
  retract_length: 2,
  retract_speed: 60,
  retract_lift: 0,
  cooling: false,
  slowdown_below_layer_time: 5,
  min_print_speed: 10,
  support_material_speed: 30,
  support_material_interface_speed: "60%",
};

describe("basisKey: which profiles can share one slicing", () => {
  it("is shared by profiles that differ only in speeds, cooling, retraction and flow (the default PLA, flex, nylon)", () => {
    const pla = basisKey("fdm", MK3S_QUALITY_SETTINGS);
    expect(basisKey("fdm", MK3S_FLEX_SETTINGS)).toBe(pla);
    expect(basisKey("fdm", MK3S_NYLON_SETTINGS)).toBe(pla);
    expect(basisKey("fdm", MOTION_ONLY)).toBe(pla);
    expect(basisKey("fdm", { ...MK3S_QUALITY_SETTINGS, fill_density: "60%" })).toBe(pla);
  });

  it("differs when a setting the slicing reads differs", () => {
    const pla = basisKey("fdm", MK3S_QUALITY_SETTINGS);
    const changes: PrintSettings[] = [
      { layer_height: 0.15 },
      { perimeters: 3 },
      { top_solid_layers: 4 },
      { extrusion_width: 0.5 },
    ];
    for (const change of changes) expect(basisKey("fdm", { ...MK3S_QUALITY_SETTINGS, ...change })).not.toBe(pla);
  });

  // The definition, checked: a shared key must mean the same basis, supports plan included.
  it("profiles with one key get the same basis from measurePrint", () => {
    const mesh = joined(table(), torus(12, 4, 48, 24));
    const reference = measurePrint(mesh, "fdm", MK3S_QUALITY_SETTINGS);
    expect(reference.process === "fdm" && reference.supports.firstLayer.area).toBeGreaterThan(0);
    for (const settings of [MK3S_FLEX_SETTINGS, MK3S_NYLON_SETTINGS, MOTION_ONLY])
      expect(measurePrint(mesh, "fdm", settings)).toEqual(reference);
  });
});
