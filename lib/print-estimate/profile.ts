/**
 * The slicer settings the layer-based 3D-print estimator needs (issue #15),
 * read from a PrusaSlicer config.ini. Framework-free.
 */
import { DEFAULT_PRINT_PROFILE } from "./default-print-profile";

export interface PrintProfile {
  layerHeight: number; // mm
  firstLayerHeight: number; // mm
  perimeters: number;
  topSolidLayers: number;
  bottomSolidLayers: number;
  topSolidMinThickness: number; // mm
  bottomSolidMinThickness: number; // mm
  fillDensity: number; // 0..1
  fillPattern: string;
  nozzleDiameter: number; // mm
  filamentDiameter: number; // mm
  /** Extrusion widths in mm (PrusaSlicer's 0 or % resolved against the nozzle). */
  widths: {
    default: number;
    firstLayer: number;
    perimeter: number;
    externalPerimeter: number;
    infill: number;
    solidInfill: number;
    topInfill: number;
  };
  /** Feed rates in mm/s, percentages resolved. */
  speeds: {
    perimeter: number;
    externalPerimeter: number;
    smallPerimeter: number;
    infill: number;
    solidInfill: number;
    topSolidInfill: number;
    bridge: number;
    gapFill: number;
    /** PrusaSlicer extrudes the skirt at support_material_speed. */
    skirt: number;
    travel: number;
    travelZ: number;
    firstLayer: number;
  };
  /** mm/s², 0 = keep the current one (PrusaSlicer's convention). */
  accelerations: {
    default: number;
    perimeter: number;
    infill: number;
    bridge: number;
    firstLayer: number;
  };
  /** The printer's limits the slicer's time estimator applies (its "normal mode", the first value). */
  machine: {
    maxAccelerationX: number;
    maxAccelerationY: number;
    maxAccelerationZ: number;
    maxAccelerationE: number;
    maxAccelerationExtruding: number;
    maxAccelerationRetracting: number;
    maxAccelerationTravel: number;
    maxFeedrateX: number;
    maxFeedrateY: number;
    maxFeedrateZ: number;
    maxJerkX: number;
    maxJerkY: number;
    maxJerkZ: number;
    maxJerkE: number;
  };
  retraction: {
    length: number; // mm of filament
    speed: number; // mm/s
    deretractSpeed: number; // mm/s, 0 = same as speed
    lift: number; // mm of Z hop
    minTravel: number; // retract only for travels longer than this (mm)
    wipe: boolean;
    layerChange: boolean;
  };
  cooling: {
    enabled: boolean;
    slowdownBelowLayerTime: number; // s
    minPrintSpeed: number; // mm/s
  };
  skirts: number;
  skirtDistance: number; // mm
  skirtHeight: number; // layers
  minSkirtLength: number; // mm of filament
  /** mm, into the perimeters (infill_overlap; a percentage is of the perimeter spacing, as Arachne takes it). */
  infillOverlap: number;
  infillAnchorMax: number; // mm
  elephantFootCompensation: number; // mm
  bridgeFlowRatio: number;
  /** thick_bridges: round bridge extrusions a nozzle wide; off, bridges keep the solid infill's shape. */
  thickBridges: boolean;
  extrusionMultiplier: number;
  fillAngle: number; // degrees
  /** Resolution of the sliced outlines, mm (PrusaSlicer's gcode_resolution). */
  resolution: number;
  /** The printer's max_layer_height (mm): support layers between contacts are up to this thick. */
  maxLayerHeight: number;
  /** Support material settings (supports.ts), PrusaSlicer's support_material_* and raft_first_layer_*. */
  supports: {
    /** support_material_threshold: degrees from the horizontal; 0 = automatic (half an extrusion width per layer). */
    threshold: number;
    /** support_material_spacing (mm between base lines, on top of the line spacing). */
    spacing: number;
    pattern: string;
    style: string;
    /** support_material_contact_distance (mm, Z gap under the object); bottom: 0 = same. */
    contactDistance: number;
    bottomContactDistance: number;
    interfaceLayers: number;
    /** support_material_interface_spacing (mm between interface lines, on top of the line spacing). */
    interfaceSpacing: number;
    /** support_material_extrusion_width, resolved (mm). */
    width: number;
    speed: number; // mm/s
    interfaceSpeed: number; // mm/s, percentage of speed resolved
    buildplateOnly: boolean;
    /** support_material_xy_spacing, resolved against the external perimeter width (mm). */
    xySpacing: number;
    /** raft_first_layer_density (0..1) and raft_first_layer_expansion (mm): the first support layer. */
    firstLayerDensity: number;
    firstLayerExpansion: number;
  };
}

/** Parses PrusaSlicer's `key = value` lines (comments and blank lines skipped). */
export function parseIni(ini: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of ini.split(/\r?\n/)) {
    if (line.startsWith("#") || line.startsWith(";")) continue;
    const eq = line.indexOf("=");
    if (eq < 0) continue;
    values.set(line.slice(0, eq).trim(), line.slice(eq + 1).trim());
  }
  return values;
}

/** Reads the keys the estimator needs; missing keys keep DEFAULT_PRINT_PROFILE's value. */
export function profileFromPrusaConfig(ini: string, base: PrintProfile = DEFAULT_PRINT_PROFILE): PrintProfile {
  const v = parseIni(ini);
  const raw = (key: string): string | undefined => {
    const value = v.get(key);
    if (value === undefined || value === "") return undefined;
    return value.split(",")[0].trim(); // per-extruder / per-mode lists: the first (normal mode, extruder 1)
  };
  const num = (key: string, fallback: number): number => {
    const value = raw(key);
    if (value === undefined) return fallback;
    const n = Number.parseFloat(value);
    return Number.isFinite(n) ? n : fallback;
  };
  /** A value that may be given as a percentage of `of`. */
  const numOrPercent = (key: string, of: number, fallback: number): number => {
    const value = raw(key);
    if (value === undefined) return fallback;
    const n = Number.parseFloat(value);
    if (!Number.isFinite(n)) return fallback;
    return value.endsWith("%") ? (n / 100) * of : n;
  };
  const bool = (key: string, fallback: boolean) => {
    const value = raw(key);
    return value === undefined ? fallback : value === "1" || value === "true";
  };

  const nozzle = num("nozzle_diameter", base.nozzleDiameter);
  const layerHeight = num("layer_height", base.layerHeight);
  // PrusaSlicer: an extrusion width of 0 means "auto" (1.125 × nozzle); a percentage is of the nozzle
  // (first layer: of the first layer height is not used by 2.5 either — it is the nozzle too).
  const defaultWidth = (() => {
    const w = numOrPercent("extrusion_width", nozzle, base.widths.default);
    return w > 0 ? w : 1.125 * nozzle;
  })();
  const width = (key: string, fallback: number) => {
    const w = numOrPercent(key, nozzle, fallback);
    return w > 0 ? w : defaultWidth;
  };
  const perimeterWidth = width("perimeter_extrusion_width", base.widths.perimeter);

  const perimeterSpeed = num("perimeter_speed", base.speeds.perimeter);
  const infillSpeed = num("infill_speed", base.speeds.infill);
  const solidInfillSpeed = numOrPercent("solid_infill_speed", infillSpeed, base.speeds.solidInfill);
  const fillDensityText = raw("fill_density");
  const fillDensity =
    fillDensityText === undefined
      ? base.fillDensity
      : Number.parseFloat(fillDensityText) / (fillDensityText.endsWith("%") ? 100 : 1);
  const firstLayerSpeed = numOrPercent("first_layer_speed", perimeterSpeed, base.speeds.firstLayer);
  const externalPerimeterWidth = width("external_perimeter_extrusion_width", base.widths.externalPerimeter);
  const supportSpeed = num("support_material_speed", base.supports.speed);
  const s = base.supports;

  return {
    layerHeight,
    firstLayerHeight: numOrPercent("first_layer_height", layerHeight, base.firstLayerHeight),
    perimeters: num("perimeters", base.perimeters),
    topSolidLayers: num("top_solid_layers", base.topSolidLayers),
    bottomSolidLayers: num("bottom_solid_layers", base.bottomSolidLayers),
    topSolidMinThickness: num("top_solid_min_thickness", base.topSolidMinThickness),
    bottomSolidMinThickness: num("bottom_solid_min_thickness", base.bottomSolidMinThickness),
    fillDensity,
    fillPattern: raw("fill_pattern") ?? base.fillPattern,
    nozzleDiameter: nozzle,
    filamentDiameter: num("filament_diameter", base.filamentDiameter),
    widths: {
      default: defaultWidth,
      firstLayer: width("first_layer_extrusion_width", base.widths.firstLayer),
      perimeter: perimeterWidth,
      externalPerimeter: externalPerimeterWidth,
      infill: width("infill_extrusion_width", base.widths.infill),
      solidInfill: width("solid_infill_extrusion_width", base.widths.solidInfill),
      topInfill: width("top_infill_extrusion_width", base.widths.topInfill),
    },
    speeds: {
      perimeter: perimeterSpeed,
      externalPerimeter: numOrPercent("external_perimeter_speed", perimeterSpeed, base.speeds.externalPerimeter),
      smallPerimeter: numOrPercent("small_perimeter_speed", perimeterSpeed, base.speeds.smallPerimeter),
      infill: infillSpeed,
      solidInfill: solidInfillSpeed,
      topSolidInfill: numOrPercent("top_solid_infill_speed", solidInfillSpeed, base.speeds.topSolidInfill),
      bridge: num("bridge_speed", base.speeds.bridge),
      gapFill: num("gap_fill_speed", base.speeds.gapFill),
      skirt: num("support_material_speed", base.speeds.skirt),
      travel: num("travel_speed", base.speeds.travel),
      travelZ: num("travel_speed_z", base.speeds.travelZ),
      firstLayer: firstLayerSpeed,
    },
    accelerations: {
      default: num("default_acceleration", base.accelerations.default),
      perimeter: num("perimeter_acceleration", base.accelerations.perimeter),
      infill: num("infill_acceleration", base.accelerations.infill),
      bridge: num("bridge_acceleration", base.accelerations.bridge),
      firstLayer: num("first_layer_acceleration", base.accelerations.firstLayer),
    },
    machine: {
      maxAccelerationX: num("machine_max_acceleration_x", base.machine.maxAccelerationX),
      maxAccelerationY: num("machine_max_acceleration_y", base.machine.maxAccelerationY),
      maxAccelerationZ: num("machine_max_acceleration_z", base.machine.maxAccelerationZ),
      maxAccelerationE: num("machine_max_acceleration_e", base.machine.maxAccelerationE),
      maxAccelerationExtruding: num("machine_max_acceleration_extruding", base.machine.maxAccelerationExtruding),
      maxAccelerationRetracting: num("machine_max_acceleration_retracting", base.machine.maxAccelerationRetracting),
      maxAccelerationTravel: num("machine_max_acceleration_travel", base.machine.maxAccelerationTravel),
      maxFeedrateX: num("machine_max_feedrate_x", base.machine.maxFeedrateX),
      maxFeedrateY: num("machine_max_feedrate_y", base.machine.maxFeedrateY),
      maxFeedrateZ: num("machine_max_feedrate_z", base.machine.maxFeedrateZ),
      maxJerkX: num("machine_max_jerk_x", base.machine.maxJerkX),
      maxJerkY: num("machine_max_jerk_y", base.machine.maxJerkY),
      maxJerkZ: num("machine_max_jerk_z", base.machine.maxJerkZ),
      maxJerkE: num("machine_max_jerk_e", base.machine.maxJerkE),
    },
    retraction: {
      length: num("retract_length", base.retraction.length),
      speed: num("retract_speed", base.retraction.speed),
      deretractSpeed: num("deretract_speed", base.retraction.deretractSpeed),
      lift: num("retract_lift", base.retraction.lift),
      minTravel: num("retract_before_travel", base.retraction.minTravel),
      wipe: bool("wipe", base.retraction.wipe),
      layerChange: bool("retract_layer_change", base.retraction.layerChange),
    },
    cooling: {
      enabled: bool("cooling", base.cooling.enabled),
      slowdownBelowLayerTime: num("slowdown_below_layer_time", base.cooling.slowdownBelowLayerTime),
      minPrintSpeed: num("min_print_speed", base.cooling.minPrintSpeed),
    },
    skirts: num("skirts", base.skirts),
    skirtDistance: num("skirt_distance", base.skirtDistance),
    skirtHeight: num("skirt_height", base.skirtHeight),
    minSkirtLength: num("min_skirt_length", base.minSkirtLength),
    infillOverlap: numOrPercent("infill_overlap", flowSpacing(perimeterWidth, layerHeight), base.infillOverlap),
    infillAnchorMax: num("infill_anchor_max", base.infillAnchorMax),
    elephantFootCompensation: num("elefant_foot_compensation", base.elephantFootCompensation),
    bridgeFlowRatio: num("bridge_flow_ratio", base.bridgeFlowRatio),
    thickBridges: bool("thick_bridges", base.thickBridges),
    extrusionMultiplier: num("extrusion_multiplier", base.extrusionMultiplier),
    fillAngle: num("fill_angle", base.fillAngle),
    resolution: num("gcode_resolution", base.resolution),
    maxLayerHeight: (() => {
      const m = num("max_layer_height", base.maxLayerHeight);
      return m > 0 ? m : 0.75 * nozzle; // PrusaSlicer: 0 = 75 % of the nozzle
    })(),
    supports: {
      threshold: num("support_material_threshold", s.threshold),
      spacing: num("support_material_spacing", s.spacing),
      pattern: raw("support_material_pattern") ?? s.pattern,
      style: raw("support_material_style") ?? s.style,
      contactDistance: num("support_material_contact_distance", s.contactDistance),
      bottomContactDistance: num("support_material_bottom_contact_distance", s.bottomContactDistance),
      interfaceLayers: num("support_material_interface_layers", s.interfaceLayers),
      interfaceSpacing: num("support_material_interface_spacing", s.interfaceSpacing),
      width: width("support_material_extrusion_width", s.width),
      speed: supportSpeed,
      interfaceSpeed: numOrPercent("support_material_interface_speed", supportSpeed, s.interfaceSpeed),
      buildplateOnly: bool("support_material_buildplate_only", s.buildplateOnly),
      xySpacing: numOrPercent("support_material_xy_spacing", externalPerimeterWidth, s.xySpacing),
      firstLayerDensity: (() => {
        const d = raw("raft_first_layer_density");
        return d === undefined ? s.firstLayerDensity : Number.parseFloat(d) / (d.endsWith("%") ? 100 : 1);
      })(),
      firstLayerExpansion: num("raft_first_layer_expansion", s.firstLayerExpansion),
    },
  };
}

/** PrusaSlicer's flow model: a rectangle with semicircular ends; the spacing of adjacent lines. */
export function flowSpacing(width: number, height: number): number {
  return width - height * (1 - Math.PI / 4);
}

/** Cross-section of one extrusion, mm² (= spacing × height). */
export function flowArea(width: number, height: number): number {
  return flowSpacing(width, height) * height;
}

/** Number of solid layers: the layer count or the minimum thickness, whichever needs more. */
export function solidLayerCount(layers: number, minThickness: number, layerHeight: number): number {
  if (layers <= 0) return 0;
  return Math.max(layers, Math.ceil(minThickness / layerHeight - 1e-9));
}
