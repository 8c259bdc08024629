/**
 * The built-in print profiles, one per process family of the default catalogue (issue #15): facts
 * from the PrusaSlicer 2.5 vendor bundle Debian's `prusa-slicer` ships
 * (/usr/share/PrusaSlicer/profiles/PrusaResearch.ini), PrusaSlicer's own setting names.
 * docs/pricing.md lists the sources; profile-settings.test.ts checks FDM against eval/quotes/profile.ini.
 */
import type { PrintSettings } from "./profile-settings";

/** Original Prusa i3 MK3S, 0.4 mm nozzle, "0.20mm QUALITY @MK3", Prusament PLA (infill: the quote's). */
export const MK3S_QUALITY_SETTINGS: PrintSettings = {
  nozzle_diameter: 0.4,
  filament_diameter: 1.75,
  filament_max_volumetric_speed: 15,
  extrusion_multiplier: 1,
  layer_height: 0.2,
  first_layer_height: 0.2,
  perimeters: 2,
  top_solid_layers: 6,
  bottom_solid_layers: 4,
  top_solid_min_thickness: 0.7,
  bottom_solid_min_thickness: 0.5,
  fill_density: "20%",
  fill_pattern: "gyroid",
  fill_angle: 45,
  infill_overlap: "25%",
  infill_anchor_max: 12,
  extrusion_width: 0.45,
  first_layer_extrusion_width: 0.42,
  perimeter_extrusion_width: 0.45,
  external_perimeter_extrusion_width: 0.45,
  infill_extrusion_width: 0.45,
  solid_infill_extrusion_width: 0.45,
  top_infill_extrusion_width: 0.4,
  perimeter_speed: 45,
  external_perimeter_speed: 25,
  small_perimeter_speed: 25,
  infill_speed: 80,
  solid_infill_speed: 80,
  top_solid_infill_speed: 40,
  bridge_speed: 25,
  gap_fill_speed: 40,
  travel_speed: 180,
  travel_speed_z: 12,
  first_layer_speed: 20,
  default_acceleration: 1000,
  perimeter_acceleration: 800,
  infill_acceleration: 1000,
  bridge_acceleration: 1000,
  first_layer_acceleration: 800,
  machine_max_acceleration_x: 1000,
  machine_max_acceleration_y: 1000,
  machine_max_acceleration_z: 200,
  machine_max_acceleration_e: 5000,
  machine_max_acceleration_extruding: 1250,
  machine_max_acceleration_retracting: 1250,
  machine_max_acceleration_travel: 1500,
  machine_max_feedrate_x: 200,
  machine_max_feedrate_y: 200,
  machine_max_feedrate_z: 12,
  machine_max_jerk_x: 8,
  machine_max_jerk_y: 8,
  machine_max_jerk_z: 0.4,
  machine_max_jerk_e: 4.5,
  retract_length: 0.8,
  retract_speed: 35,
  deretract_speed: 0,
  retract_lift: 0.4,
  retract_before_travel: 1,
  retract_layer_change: true,
  wipe: true,
  cooling: true,
  slowdown_below_layer_time: 15,
  min_print_speed: 15,
  skirts: 1,
  skirt_distance: 2,
  skirt_height: 3,
  min_skirt_length: 4,
  elefant_foot_compensation: 0.2,
  bridge_flow_ratio: 0.95,
  gcode_resolution: 0.0125,
};

/** The same print settings with "Generic FLEX" (TPU): 1.2 mm³/s flow limit, 1.15 flow, no retraction, no fan slowdown. */
export const MK3S_FLEX_SETTINGS: PrintSettings = {
  ...MK3S_QUALITY_SETTINGS,
  filament_max_volumetric_speed: 1.2,
  extrusion_multiplier: 1.15,
  retract_length: 0,
  cooling: false,
};

/** The same print settings with "Fillamentum Nylon FX256": 6 mm³/s flow limit. */
export const MK3S_NYLON_SETTINGS: PrintSettings = { ...MK3S_QUALITY_SETTINGS, filament_max_volumetric_speed: 6 };

/** Original Prusa SL1S SPEED, "0.05 Normal @SL1S", "Prusa Orange Tough @0.05 SL1S" (faded_layers: PrusaSlicer's default). */
export const SL1S_NORMAL_SETTINGS: PrintSettings = {
  layer_height: 0.05,
  exposure_time: 2,
  initial_exposure_time: 25,
  faded_layers: 10,
  fast_tilt_time: 2.5,
  slow_tilt_time: 5,
  area_fill: 45,
  display_width: 128,
  display_height: 81,
};
