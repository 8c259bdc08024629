/**
 * Layer-based 3D-print estimator (issue #15): slices a mesh like an FDM slicer and estimates the
 * extruded volume and printing time per feature against a slicer profile. Framework-free.
 */
export { DEFAULT_PRINT_PROFILE } from "./default-print-profile";
export { flowArea, flowSpacing, parseIni, profileFromPrusaConfig, solidLayerCount } from "./profile";
export type { PrintProfile } from "./profile";
export { CORNER_BINS, SMALL_PERIMETER_LENGTH, layerCountFor, sliceOutlines, slicePrint } from "./slice";
export type { PrintSummary, SliceMesh } from "./slice";
export { gyroidStats, junctionSpeed, polylineTime, trapezoidTime } from "./motion";
export { CUSTOM_GCODE_TIME_S, estimatePrint } from "./estimate";
export type { EstimateOptions, Feature, PrintEstimate } from "./estimate-types";
export { planSupports } from "./supports";
export type { SupportPlan } from "./supports";
export { NEEDS_SUPPORTS_SHARE, needsSupports, supportVolume } from "./supports-extrusion";
