/**
 * A print profile as a shop keeps it: PrusaSlicer's own setting names and values (issue #15), so a
 * `config.ini` exported from PrusaSlicer imports as is and every figure a quote used can be named.
 * Only the settings the estimators read are kept; `profileFromSettings` turns them into the
 * estimator's `PrintProfile` through the one config.ini reader (`profileFromPrusaConfig`).
 */
import { FILL_PATTERNS } from "@/lib/slicer/slicer-config";
import { DEFAULT_PRINT_PROFILE } from "./default-print-profile";
import { parseIni, profileFromPrusaConfig, type PrintProfile } from "./profile";

export type SettingValue = number | string | boolean;
export type PrintSettings = Record<string, SettingValue>;

/**
 * How a setting is checked: `positive` > 0, `nonNegative` ≥ 0 (PrusaSlicer's 0 = auto / keep),
 * `count` a whole number ≥ 0, `percentOrNumber` ≥ 0 given as mm(/s) or as "N%", `density` 0–100 %,
 * `flag` on/off, `text` free text.
 */
type Rule = "positive" | "nonNegative" | "count" | "percentOrNumber" | "density" | "flag" | "text";

/** Every FDM setting the layer estimator reads (see profile.ts), with its rule. */
export const FDM_SETTING_RULES: Record<string, Rule> = {
  nozzle_diameter: "positive",
  filament_diameter: "positive",
  filament_max_volumetric_speed: "nonNegative",
  extrusion_multiplier: "positive",
  layer_height: "positive",
  first_layer_height: "percentOrNumber",
  perimeters: "count",
  top_solid_layers: "count",
  bottom_solid_layers: "count",
  top_solid_min_thickness: "nonNegative",
  bottom_solid_min_thickness: "nonNegative",
  fill_density: "density",
  fill_pattern: "text",
  fill_angle: "nonNegative",
  infill_overlap: "percentOrNumber",
  infill_anchor_max: "percentOrNumber",
  extrusion_width: "percentOrNumber",
  first_layer_extrusion_width: "percentOrNumber",
  perimeter_extrusion_width: "percentOrNumber",
  external_perimeter_extrusion_width: "percentOrNumber",
  infill_extrusion_width: "percentOrNumber",
  solid_infill_extrusion_width: "percentOrNumber",
  top_infill_extrusion_width: "percentOrNumber",
  perimeter_speed: "positive",
  external_perimeter_speed: "percentOrNumber",
  small_perimeter_speed: "percentOrNumber",
  infill_speed: "positive",
  solid_infill_speed: "percentOrNumber",
  top_solid_infill_speed: "percentOrNumber",
  bridge_speed: "positive",
  gap_fill_speed: "positive",
  travel_speed: "positive",
  travel_speed_z: "nonNegative",
  first_layer_speed: "percentOrNumber",
  default_acceleration: "nonNegative",
  perimeter_acceleration: "nonNegative",
  infill_acceleration: "nonNegative",
  bridge_acceleration: "nonNegative",
  first_layer_acceleration: "nonNegative",
  machine_max_acceleration_x: "positive",
  machine_max_acceleration_y: "positive",
  machine_max_acceleration_z: "positive",
  machine_max_acceleration_e: "positive",
  machine_max_acceleration_extruding: "positive",
  machine_max_acceleration_retracting: "positive",
  machine_max_acceleration_travel: "nonNegative",
  machine_max_feedrate_x: "positive",
  machine_max_feedrate_y: "positive",
  machine_max_feedrate_z: "positive",
  machine_max_jerk_x: "nonNegative",
  machine_max_jerk_y: "nonNegative",
  machine_max_jerk_z: "nonNegative",
  machine_max_jerk_e: "nonNegative",
  retract_length: "nonNegative",
  retract_speed: "positive",
  deretract_speed: "nonNegative",
  retract_lift: "nonNegative",
  retract_before_travel: "nonNegative",
  retract_layer_change: "flag",
  wipe: "flag",
  cooling: "flag",
  slowdown_below_layer_time: "nonNegative",
  min_print_speed: "positive",
  skirts: "count",
  skirt_distance: "nonNegative",
  skirt_height: "count",
  min_skirt_length: "nonNegative",
  elefant_foot_compensation: "nonNegative",
  bridge_flow_ratio: "positive",
  gcode_resolution: "nonNegative",
  max_layer_height: "nonNegative",
  thick_bridges: "flag",
  support_material_threshold: "nonNegative",
  support_material_spacing: "nonNegative",
  support_material_pattern: "text",
  support_material_style: "text",
  support_material_contact_distance: "nonNegative",
  support_material_bottom_contact_distance: "nonNegative",
  support_material_interface_layers: "count",
  support_material_interface_spacing: "nonNegative",
  support_material_extrusion_width: "percentOrNumber",
  support_material_speed: "positive",
  support_material_interface_speed: "percentOrNumber",
  support_material_buildplate_only: "flag",
  support_material_xy_spacing: "percentOrNumber",
  raft_first_layer_density: "density",
  raft_first_layer_expansion: "nonNegative",
};

/** Resin (MSLA) settings, PrusaSlicer's names (print, material and printer presets). */
export const SLA_SETTING_RULES: Record<string, Rule> = {
  layer_height: "positive",
  exposure_time: "positive",
  initial_exposure_time: "positive",
  faded_layers: "count",
  fast_tilt_time: "nonNegative",
  slow_tilt_time: "nonNegative",
  area_fill: "density",
  display_width: "positive",
  display_height: "positive",
};

export type ProcessKind = "fdm" | "sla";
export const SETTING_RULES: Record<ProcessKind, Record<string, Rule>> = {
  fdm: FDM_SETTING_RULES,
  sla: SLA_SETTING_RULES,
};

export class PrintProfileError extends Error {
  constructor(
    message: string,
    readonly setting: string,
  ) {
    super(message);
    this.name = "PrintProfileError";
  }
}

const PERCENT = /^\s*(-?\d+(?:\.\d+)?)\s*%\s*$/;

function numberOf(value: SettingValue): number {
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return Number.NaN;
  return Number.parseFloat(value.split(",")[0]);
}

/** One setting against its rule; the message says what is wrong in the shop's own terms. */
function checkSetting(key: string, rule: Rule, value: SettingValue): string | null {
  if (rule === "flag")
    return typeof value === "boolean" || value === 0 || value === 1 || value === "0" || value === "1"
      ? null
      : "must be on or off (true/false, 1/0)";
  if (key === "fill_pattern")
    return typeof value === "string" && (FILL_PATTERNS as readonly string[]).includes(value)
      ? null
      : `must be one of PrusaSlicer's patterns: ${FILL_PATTERNS.join(", ")}`;
  if (rule === "text")
    return typeof value === "string" && value.length > 0 && value.length <= 200 ? null : "must be a non-empty text";
  const percent = typeof value === "string" && PERCENT.test(value);
  if (percent && rule !== "percentOrNumber" && rule !== "density") return "must be a number, not a percentage";
  const n = numberOf(value);
  if (!Number.isFinite(n)) return "must be a number";
  if (rule === "positive" && !(n > 0)) return "must be greater than zero";
  if (rule === "count" && !(Number.isInteger(n) && n >= 0)) return "must be a whole number, zero or more";
  if ((rule === "nonNegative" || rule === "percentOrNumber") && n < 0) return "must not be negative";
  if (rule === "density" && !(n >= 0 && n <= (percent ? 100 : key === "area_fill" ? 100 : 1)))
    return "must be between 0 % and 100 %";
  return null;
}

/** Checks a profile's settings and the rules between them; throws PrintProfileError naming the setting. */
export function validateSettings(kind: ProcessKind, settings: PrintSettings): void {
  const rules = SETTING_RULES[kind];
  for (const [key, value] of Object.entries(settings)) {
    const rule = rules[key];
    if (!rule) throw new PrintProfileError(`${key} is not a ${kind.toUpperCase()} setting the estimator reads`, key);
    const problem = checkSetting(key, rule, value);
    if (problem) throw new PrintProfileError(`${key} ${problem}`, key);
  }
  if (kind === "fdm") {
    const profile = profileFromSettings(settings);
    if (!(profile.firstLayerHeight > 0))
      throw new PrintProfileError("first_layer_height must be greater than zero", "first_layer_height");
    // A layer thicker than the nozzle opening cannot be laid down (PrusaSlicer refuses it too).
    if (profile.layerHeight > profile.nozzleDiameter)
      throw new PrintProfileError(
        `layer_height ${profile.layerHeight} mm is above the nozzle diameter ${profile.nozzleDiameter} mm`,
        "layer_height",
      );
    if (profile.firstLayerHeight > profile.nozzleDiameter)
      throw new PrintProfileError(
        `first_layer_height ${profile.firstLayerHeight} mm is above the nozzle diameter ${profile.nozzleDiameter} mm`,
        "first_layer_height",
      );
  }
}

const toIni = (settings: PrintSettings) =>
  Object.entries(settings)
    .map(([key, value]) => `${key} = ${typeof value === "boolean" ? (value ? 1 : 0) : value}`)
    .join("\n");

/** The estimator's profile; settings left out keep PrusaSlicer's MK3S defaults (DEFAULT_PRINT_PROFILE). */
export function profileFromSettings(settings: PrintSettings): PrintProfile {
  return profileFromPrusaConfig(toIni(settings), DEFAULT_PRINT_PROFILE);
}

/**
 * Reads a PrusaSlicer config.ini (File → Export → Export Config): the settings the estimator reads, as
 * numbers where they are plain numbers (first value of per-extruder lists), and the keys it ignored.
 */
export function importPrusaConfig(kind: ProcessKind, ini: string): { settings: PrintSettings; ignored: string[] } {
  const rules = SETTING_RULES[kind];
  const settings: PrintSettings = {};
  const ignored: string[] = [];
  for (const [key, raw] of parseIni(ini)) {
    const rule = rules[key];
    if (!rule) {
      ignored.push(key);
      continue;
    }
    if (raw === "") continue;
    const value = rule === "text" ? raw : raw.split(",")[0].trim();
    if (rule === "flag") settings[key] = value === "1" || value === "true";
    else if (rule === "text" || PERCENT.test(value) || !/^-?\d+(\.\d+)?$/.test(value)) settings[key] = value;
    else settings[key] = Number(value);
  }
  validateSettings(kind, settings);
  return { settings, ignored: ignored.sort() };
}
