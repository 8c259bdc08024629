/** The layer estimator's options and answer (estimate.ts). */
import type { SupportPlan } from "./supports";

export interface EstimateOptions {
  /** Sparse infill density in percent (default: the profile's). */
  infillPercent?: number;
  /** Support material to print with the part (planSupports in supports.ts). */
  supports?: SupportPlan;
}

export type Feature =
  | "external_perimeter"
  | "perimeter"
  | "top_solid"
  | "bridge"
  | "solid"
  | "sparse"
  | "skirt"
  | "travel"
  | "support"
  | "support_interface";

export interface PrintEstimate {
  extruded_mm3: number;
  time_s: number;
  layers: number;
  by_feature: Record<Feature, { mm3: number; time_s: number; length_mm: number }>;
  /** Seconds added by the minimum layer time slowdown. */
  cooling_slowdown_s: number;
}

/** One extrusion or move of a layer, as the motion model times it. */
export interface Segment {
  /** Nominal time (length ÷ feed rate) and the motion model's, both at speed v. */
  length: number;
  speed: number;
  time: (v: number) => number;
  adjustable: boolean;
  external: boolean;
  feature: Feature;
}
