/**
 * The complete config.ini PrusaSlicer loads for one job: the settings a PrintProfile carries, written
 * over a base config that supplies everything else (issue #15, the slicer as the precise mode).
 * Framework-free. The round trip holds: profileFromPrusaConfig(buildSlicerConfig(p)) deep-equals p.
 */
import { profileFromPrusaConfig, type PrintProfile } from "@/lib/print-estimate/profile";
import { BASE_SLICER_CONFIG_INI } from "./base-config";
import { SlicerError } from "./slicer-error";

export interface SlicerConfigOptions {
  /** Sparse infill, 0..100; default: the profile's fillDensity. */
  infillPercent?: number;
  /** "auto": PrusaSlicer's automatic supports (support_material + support_material_auto). Default "none". */
  supports?: "none" | "auto";
  /** The config.ini text every other setting comes from; default: BASE_SLICER_CONFIG_INI. */
  base?: string;
}

/** PrusaSlicer 2.5's fill_pattern values (`prusa-slicer --help-fff`); anything else is refused. */
export const FILL_PATTERNS = [
  "rectilinear",
  "alignedrectilinear",
  "grid",
  "triangles",
  "stars",
  "cubic",
  "line",
  "concentric",
  "honeycomb",
  "3dhoneycomb",
  "gyroid",
  "hilbertcurve",
  "archimedeanchords",
  "octagramspiral",
  "adaptivecubic",
  "supportcubic",
  "lightning",
] as const;

type Kind = "number" | "int" | "percent" | "bool" | "pattern" | "word";
type Value = number | string | boolean;

/** Each PrintProfile field and the PrusaSlicer key it is read from by profileFromPrusaConfig. */
const SETTINGS: [key: string, kind: Kind, get: (p: PrintProfile) => Value][] = [
  ["layer_height", "number", (p) => p.layerHeight],
  ["first_layer_height", "number", (p) => p.firstLayerHeight],
  ["perimeters", "int", (p) => p.perimeters],
  ["top_solid_layers", "int", (p) => p.topSolidLayers],
  ["bottom_solid_layers", "int", (p) => p.bottomSolidLayers],
  ["top_solid_min_thickness", "number", (p) => p.topSolidMinThickness],
  ["bottom_solid_min_thickness", "number", (p) => p.bottomSolidMinThickness],
  ["fill_density", "percent", (p) => p.fillDensity],
  ["fill_pattern", "pattern", (p) => p.fillPattern],
  ["nozzle_diameter", "number", (p) => p.nozzleDiameter],
  ["filament_diameter", "number", (p) => p.filamentDiameter],
  ["extrusion_width", "number", (p) => p.widths.default],
  ["first_layer_extrusion_width", "number", (p) => p.widths.firstLayer],
  ["perimeter_extrusion_width", "number", (p) => p.widths.perimeter],
  ["external_perimeter_extrusion_width", "number", (p) => p.widths.externalPerimeter],
  ["infill_extrusion_width", "number", (p) => p.widths.infill],
  ["solid_infill_extrusion_width", "number", (p) => p.widths.solidInfill],
  ["top_infill_extrusion_width", "number", (p) => p.widths.topInfill],
  ["perimeter_speed", "number", (p) => p.speeds.perimeter],
  ["external_perimeter_speed", "number", (p) => p.speeds.externalPerimeter],
  ["small_perimeter_speed", "number", (p) => p.speeds.smallPerimeter],
  ["infill_speed", "number", (p) => p.speeds.infill],
  ["solid_infill_speed", "number", (p) => p.speeds.solidInfill],
  ["top_solid_infill_speed", "number", (p) => p.speeds.topSolidInfill],
  ["bridge_speed", "number", (p) => p.speeds.bridge],
  ["gap_fill_speed", "number", (p) => p.speeds.gapFill],
  ["travel_speed", "number", (p) => p.speeds.travel],
  ["travel_speed_z", "number", (p) => p.speeds.travelZ],
  ["first_layer_speed", "number", (p) => p.speeds.firstLayer],
  ["default_acceleration", "number", (p) => p.accelerations.default],
  ["perimeter_acceleration", "number", (p) => p.accelerations.perimeter],
  ["infill_acceleration", "number", (p) => p.accelerations.infill],
  ["bridge_acceleration", "number", (p) => p.accelerations.bridge],
  ["first_layer_acceleration", "number", (p) => p.accelerations.firstLayer],
  ["machine_max_acceleration_x", "number", (p) => p.machine.maxAccelerationX],
  ["machine_max_acceleration_y", "number", (p) => p.machine.maxAccelerationY],
  ["machine_max_acceleration_z", "number", (p) => p.machine.maxAccelerationZ],
  ["machine_max_acceleration_e", "number", (p) => p.machine.maxAccelerationE],
  ["machine_max_acceleration_extruding", "number", (p) => p.machine.maxAccelerationExtruding],
  ["machine_max_acceleration_retracting", "number", (p) => p.machine.maxAccelerationRetracting],
  ["machine_max_acceleration_travel", "number", (p) => p.machine.maxAccelerationTravel],
  ["machine_max_feedrate_x", "number", (p) => p.machine.maxFeedrateX],
  ["machine_max_feedrate_y", "number", (p) => p.machine.maxFeedrateY],
  ["machine_max_feedrate_z", "number", (p) => p.machine.maxFeedrateZ],
  ["machine_max_jerk_x", "number", (p) => p.machine.maxJerkX],
  ["machine_max_jerk_y", "number", (p) => p.machine.maxJerkY],
  ["machine_max_jerk_z", "number", (p) => p.machine.maxJerkZ],
  ["machine_max_jerk_e", "number", (p) => p.machine.maxJerkE],
  ["retract_length", "number", (p) => p.retraction.length],
  ["retract_speed", "number", (p) => p.retraction.speed],
  ["deretract_speed", "number", (p) => p.retraction.deretractSpeed],
  ["retract_lift", "number", (p) => p.retraction.lift],
  ["retract_before_travel", "number", (p) => p.retraction.minTravel],
  ["wipe", "bool", (p) => p.retraction.wipe],
  ["retract_layer_change", "bool", (p) => p.retraction.layerChange],
  ["cooling", "bool", (p) => p.cooling.enabled],
  ["slowdown_below_layer_time", "number", (p) => p.cooling.slowdownBelowLayerTime],
  ["min_print_speed", "number", (p) => p.cooling.minPrintSpeed],
  ["skirts", "int", (p) => p.skirts],
  ["skirt_distance", "number", (p) => p.skirtDistance],
  ["skirt_height", "int", (p) => p.skirtHeight],
  ["min_skirt_length", "number", (p) => p.minSkirtLength],
  ["infill_overlap", "number", (p) => p.infillOverlap],
  ["infill_anchor_max", "number", (p) => p.infillAnchorMax],
  ["elefant_foot_compensation", "number", (p) => p.elephantFootCompensation],
  ["bridge_flow_ratio", "number", (p) => p.bridgeFlowRatio],
  ["extrusion_multiplier", "number", (p) => p.extrusionMultiplier],
  ["fill_angle", "number", (p) => p.fillAngle],
  ["gcode_resolution", "number", (p) => p.resolution],
  ["max_layer_height", "number", (p) => p.maxLayerHeight],
  ["thick_bridges", "bool", (p) => p.thickBridges],
  ["support_material_threshold", "number", (p) => p.supports.threshold],
  ["support_material_spacing", "number", (p) => p.supports.spacing],
  ["support_material_pattern", "word", (p) => p.supports.pattern],
  ["support_material_style", "word", (p) => p.supports.style],
  ["support_material_contact_distance", "number", (p) => p.supports.contactDistance],
  ["support_material_bottom_contact_distance", "number", (p) => p.supports.bottomContactDistance],
  ["support_material_interface_layers", "int", (p) => p.supports.interfaceLayers],
  ["support_material_interface_spacing", "number", (p) => p.supports.interfaceSpacing],
  ["support_material_extrusion_width", "number", (p) => p.supports.width],
  ["support_material_speed", "number", (p) => p.supports.speed],
  ["support_material_interface_speed", "number", (p) => p.supports.interfaceSpeed],
  ["support_material_buildplate_only", "bool", (p) => p.supports.buildplateOnly],
  ["support_material_xy_spacing", "number", (p) => p.supports.xySpacing],
  ["raft_first_layer_density", "percent", (p) => p.supports.firstLayerDensity],
  ["raft_first_layer_expansion", "number", (p) => p.supports.firstLayerExpansion],
];

/** The value as PrusaSlicer config text; refuses anything that could break out of its line. */
function formatValue(key: string, kind: Kind, value: Value): string {
  const invalid = (why: string) =>
    new SlicerError("slicer_config_invalid", `${key}: ${why} (${JSON.stringify(value)})`);
  if (kind === "bool") {
    if (typeof value !== "boolean") throw invalid("not a boolean");
    return value ? "1" : "0";
  }
  // Support pattern and style names: one lowercase word (rectilinear-grid, snug, …), nothing that could end the line.
  if (kind === "word") {
    if (typeof value !== "string" || !/^[a-z][a-z-]{0,39}$/.test(value)) throw invalid("not a PrusaSlicer option name");
    return value;
  }
  if (kind === "pattern") {
    if (!(FILL_PATTERNS as readonly Value[]).includes(value)) throw invalid("not a PrusaSlicer 2.5 fill pattern");
    return String(value);
  }
  if (typeof value !== "number" || !Number.isFinite(value)) throw invalid("not a finite number");
  if (kind === "int" && !Number.isInteger(value)) throw invalid("not an integer");
  // fill_density is a percentage to PrusaSlicer (a bare 0.2 would mean 0.2 %); 12 digits drop the
  // binary noise of ×100 (0.07 × 100 = 7.000000000000001).
  if (kind === "percent") return `${Number((value * 100).toPrecision(12))}%`;
  return String(value); // shortest text that parses back to the same double
}

/** Replaces the first element of a per-extruder / per-mode list (the one profileFromPrusaConfig reads). */
function replaceFirst(baseValue: string | undefined, text: string): string {
  if (baseValue === undefined || !baseValue.includes(",")) return text;
  return [text, ...baseValue.split(",").slice(1)].join(",");
}

/** The base's lines with the overridden keys' values replaced in place; keys the base lacks appended. */
function render(baseLines: string[], overrides: Map<string, string>): string {
  const seen = new Set<string>();
  const lines = baseLines.map((line) => {
    if (line.startsWith("#") || line.startsWith(";")) return line;
    const eq = line.indexOf("=");
    if (eq < 0) return line;
    const key = line.slice(0, eq).trim();
    const text = overrides.get(key);
    if (text === undefined) return line;
    seen.add(key);
    return `${key} = ${replaceFirst(line.slice(eq + 1).trim(), text)}`;
  });
  for (const [key, text] of overrides) if (!seen.has(key)) lines.push(`${key} = ${text}`);
  return `${lines.join("\n")}\n`;
}

/**
 * The config.ini text for `profile` with `options`. A key whose base text already reads as the
 * profile's value keeps that text: PrusaSlicer resolves some percentages against other values than
 * the estimator does (infill_overlap = 25% is of the inset + half the infill spacing to PrusaSlicer,
 * of the perimeter width to profileFromPrusaConfig), so rewriting them as mm would change the slice.
 * Every other key of the profile is written as an absolute value.
 */
export function buildSlicerConfig(profile: PrintProfile, options: SlicerConfigOptions = {}): string {
  const { infillPercent, supports = "none", base = BASE_SLICER_CONFIG_INI } = options;
  if (infillPercent !== undefined && !(Number.isFinite(infillPercent) && infillPercent >= 0 && infillPercent <= 100)) {
    throw new SlicerError("slicer_config_invalid", `infillPercent must be 0..100 (${infillPercent})`);
  }
  if (supports !== "none" && supports !== "auto")
    throw new SlicerError("slicer_config_invalid", `supports: ${String(supports)}`);
  const target: PrintProfile = infillPercent === undefined ? profile : { ...profile, fillDensity: infillPercent / 100 };
  const desired = SETTINGS.map(([key, kind, get]) => ({ key, kind, get, text: formatValue(key, kind, get(target)) }));

  const baseLines = base
    .replace(/^\s*\n/, "")
    .replace(/\s+$/, "")
    .split(/\r?\n/);
  if (baseLines.some((line) => /^\s*post_process\s*=\s*\S/.test(line))) {
    throw new SlicerError("slicer_config_invalid", "the base config sets post_process (it would run a program)");
  }
  const overrides = new Map<string, string>([
    ["support_material", supports === "auto" ? "1" : "0"],
    ...(supports === "auto" ? ([["support_material_auto", "1"]] as const) : []),
  ]);
  // Percentages in the base may depend on keys written in an earlier pass: settle in a few passes.
  for (let pass = 0; pass < 3; pass++) {
    const parsed = profileFromPrusaConfig(render(baseLines, overrides));
    let changed = false;
    for (const { key, get, text } of desired) {
      if (Object.is(get(parsed), get(target)) || overrides.get(key) === text) continue;
      overrides.set(key, text);
      changed = true;
    }
    if (!changed) break;
  }
  return `# Written by buildSlicerConfig (lib/slicer) from a PrintProfile over its base config.\n${render(baseLines, overrides)}`;
}
