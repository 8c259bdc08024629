/**
 * PrusaSlicer as the precise mode of the 3D-print quote (issue #15): a config from a PrintProfile,
 * one sandboxed CLI run, and the figures of its G-code. Framework-free; docs/slicer.md.
 */
export { BASE_SLICER_CONFIG_INI } from "./base-config";
export { FILL_PATTERNS, buildSlicerConfig } from "./slicer-config";
export type { SlicerConfigOptions } from "./slicer-config";
export { parseDuration, parseGcodeSummary, readGcodeSummary } from "./parse-gcode-summary";
export type { GcodeSummary } from "./parse-gcode-summary";
export { DEFAULT_NICE_PATH, DEFAULT_PRLIMIT_PATH, runPrusaSlicer } from "./run-prusa-slicer";
export type { PrusaSlicerResult, RunPrusaSlicerOptions } from "./run-prusa-slicer";
export { SlicerError } from "./slicer-error";
export type { SlicerErrorCode, SlicerErrorDetail } from "./slicer-error";
