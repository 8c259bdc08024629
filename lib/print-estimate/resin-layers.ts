/**
 * What a resin print's time depends on (measure-print.ts, resinTime): its layers, and how many of them expose
 * more than `area_fill` % of the display, which PrusaSlicer's SLA estimate gives the slow tilt.
 */
import { Clipper } from "clipper2-ts";
import { DEFAULT_PRINT_PROFILE } from "./default-print-profile";
import type { PrintProfile } from "./profile";
import type { PrintSettings } from "./profile-settings";
import { SCALE, sliceOutlines, type SliceMesh, type TriangleLayers } from "./slice-outlines";

const num = (settings: PrintSettings, key: string) => Number(settings[key]);

/** The resin printer's layers as PrusaSlicer's SLA slicer sees them: first layer = layer height. */
export function resinProfile(settings: PrintSettings): PrintProfile {
  const h = num(settings, "layer_height");
  return { ...DEFAULT_PRINT_PROFILE, layerHeight: h, firstLayerHeight: h, elephantFootCompensation: 0 };
}

/** The exposed area, in sliceOutlines' units (mm² × SCALE²), above which a layer takes the slow tilt. */
export function slowTiltArea(settings: PrintSettings): number {
  const display = num(settings, "display_width") * num(settings, "display_height");
  return (num(settings, "area_fill") / 100) * display * SCALE * SCALE;
}

/** How many of the layers in `range` (all by default) expose more than `limit` (see slowTiltArea). */
export function countLayersAbove(
  mesh: SliceMesh,
  profile: PrintProfile,
  limit: number,
  range?: { from: number; to: number },
  crossed?: TriangleLayers,
): number {
  let count = 0;
  for (const layer of sliceOutlines(mesh, profile, range, crossed).slices)
    if (Clipper.areaPaths(layer) > limit) count++;
  return count;
}
