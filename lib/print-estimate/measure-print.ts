/**
 * The app's entry to the estimators (issue #15): `measurePrint` does the costly, infill-independent
 * part once per mesh and profile (slicing, in an analysis child); `estimateFromBasis` turns that
 * basis into material and time for any infill in microseconds, so a quote never slices.
 */
import type { Worker } from "node:worker_threads";
import { estimatePrint } from "./estimate";
import { resinLayersInParallel, slicePrintInParallel } from "./parallel-slice";
import type { PrintProfile } from "./profile";
import { profileFromSettings, type PrintSettings, type ProcessKind } from "./profile-settings";
import { countLayersAbove, resinProfile, slowTiltArea } from "./resin-layers";
import { slicePrint, type PrintSummary, type SliceMesh } from "./slice";
import { triangleLayers } from "./slice-outlines";
import { planSupports, type SupportPlan } from "./supports";
import { needsSupports } from "./supports-extrusion";

export type PrintBasis =
  /** The sliced layers, and the automatic supports PrusaSlicer would add (used when a quote asks for them). */
  | { process: "fdm"; summary: PrintSummary; supports: SupportPlan }
  /** Resin: layer count, and how many layers expose more than `area_fill` (slow tilt). */
  | { process: "sla"; layers: number; slowTiltLayers: number };

export interface PrintFigures {
  /** Material laid down (FDM: extruded, supports included when asked for; resin: the part's own volume, passed in). */
  material_mm3: number;
  time_s: number;
  layers: number;
  /** Automatic supports would add at least NEEDS_SUPPORTS_SHARE of the part's own material (FDM). */
  needs_supports: boolean;
}

const num = (settings: PrintSettings, key: string) => Number(settings[key]);

/**
 * The profile fields an FDM basis (slicePrint, planSupports and what they call) reads. The rest (speeds,
 * accelerations, machine limits, cooling, retraction, extrusion multiplier, filament) only turn a basis into
 * time and material, so profiles that differ only there share one slicing (measure-print.test.ts checks it).
 */
const FDM_BASIS_FIELDS = [
  "layerHeight",
  "firstLayerHeight",
  "maxLayerHeight",
  "perimeters",
  "topSolidLayers",
  "bottomSolidLayers",
  "topSolidMinThickness",
  "bottomSolidMinThickness",
  "nozzleDiameter",
  "widths",
  "infillOverlap",
  "bridgeFlowRatio",
  "thickBridges",
  "elephantFootCompensation",
  "resolution",
  "skirtHeight",
  "supports",
] as const satisfies readonly (keyof PrintProfile)[];

/** Equal for two profiles exactly when `measurePrint` gives them the same basis. */
export function basisKey(kind: ProcessKind, settings: PrintSettings): string {
  if (kind !== "fdm") return JSON.stringify([kind, Object.entries(settings).sort(([a], [b]) => (a < b ? -1 : 1))]);
  const profile = profileFromSettings(settings);
  // The supports plan reads the support settings but its speeds, which only time it.
  const { speed: _speed, interfaceSpeed: _interfaceSpeed, ...supports } = profile.supports;
  return JSON.stringify([kind, FDM_BASIS_FIELDS.map((field) => (field === "supports" ? supports : profile[field]))]);
}

/**
 * The supports plan's CPU time against the slicing's (the 1M-triangle torus in the analysis child:
 * ~180 ms against ~870 ms, 2026-11-26).
 */
const SUPPORTS_PLAN_SHARE = 0.21;

/**
 * measurePrint with an FDM mesh's slicing shared with `thread` (a worker running
 * workers/slice-thread.ts, see parallel-slice.ts), the supports planned here meanwhile: the same basis.
 */
export async function measurePrintOnTwoThreads(
  mesh: SliceMesh,
  kind: ProcessKind,
  settings: PrintSettings,
  thread: Worker,
): Promise<PrintBasis> {
  if (kind !== "fdm") {
    const crossed = await resinLayersInParallel(mesh, resinProfile(settings), slowTiltArea(settings), thread);
    return { process: "sla", ...crossed };
  }
  const profile = profileFromSettings(settings);
  let supports: SupportPlan | undefined;
  const summary = await slicePrintInParallel(mesh, profile, thread, {
    run: () => (supports = planSupports(mesh, profile)),
    share: SUPPORTS_PLAN_SHARE,
  });
  return { process: "fdm", summary, supports: supports! };
}

export function measurePrint(mesh: SliceMesh, kind: ProcessKind, settings: PrintSettings): PrintBasis {
  if (kind === "fdm") {
    const profile = profileFromSettings(settings);
    return { process: "fdm", summary: slicePrint(mesh, profile), supports: planSupports(mesh, profile) };
  }
  const profile = resinProfile(settings);
  const crossed = triangleLayers(mesh, profile);
  const slowTiltLayers = countLayersAbove(mesh, profile, slowTiltArea(settings), undefined, crossed);
  return { process: "sla", layers: crossed.layers, slowTiltLayers };
}

/**
 * Resin time as PrusaSlicer's SLA estimate builds it: per layer the exposure (the first `faded_layers`
 * fade from `initial_exposure_time` down to `exposure_time`) plus a tilt, the slow one when the layer
 * exposes more than `area_fill` % of the display. Volume does not enter: a layer takes as long whether
 * it is one pin or a full plate.
 */
function resinTime(basis: { layers: number; slowTiltLayers: number }, settings: PrintSettings): number {
  const exposure = num(settings, "exposure_time");
  const initial = num(settings, "initial_exposure_time");
  const faded = Math.min(num(settings, "faded_layers"), basis.layers);
  const step = (initial - exposure) / (num(settings, "faded_layers") + 1);
  let time = (basis.layers - faded) * exposure;
  for (let i = 0; i < faded; i++) time += initial - step * i;
  time +=
    basis.slowTiltLayers * num(settings, "slow_tilt_time") +
    (basis.layers - basis.slowTiltLayers) * num(settings, "fast_tilt_time");
  return time;
}

export function estimateFromBasis(
  basis: PrintBasis,
  settings: PrintSettings,
  options: { infillPercent: number; partVolumeMm3: number; supports: "none" | "auto" },
): PrintFigures {
  if (basis.process === "sla")
    return {
      material_mm3: options.partVolumeMm3,
      time_s: resinTime(basis, settings),
      layers: basis.layers,
      needs_supports: false,
    };
  const profile = profileFromSettings(settings);
  const part = estimatePrint(basis.summary, profile, { infillPercent: options.infillPercent });
  const needs = needsSupports(basis.supports, profile, part.extruded_mm3);
  const estimate =
    options.supports === "auto"
      ? estimatePrint(basis.summary, profile, { infillPercent: options.infillPercent, supports: basis.supports })
      : part;
  return {
    material_mm3: estimate.extruded_mm3,
    time_s: estimate.time_s,
    layers: estimate.layers,
    needs_supports: needs,
  };
}
