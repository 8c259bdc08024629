/**
 * Support material toolpaths from a SupportPlan (supports.ts): extruded length, volume and time of the
 * base, the dense interfaces and the first layer, per layer, for estimatePrint (estimate.ts).
 *
 * PrusaSlicer fills both with its "support base" pattern (lines joined along the boundary into a
 * zig-zag), base lines support_material_spacing + one line spacing apart on the grid of the support
 * cells (so a region of whole cells also gets lines along its edges), interface lines
 * support_material_interface_spacing + one line spacing apart, and the first layer at
 * raft_first_layer_density with a loop around each island (support_material_speed,
 * support_material_interface_speed, first_layer_speed; default_acceleration). The extrusion along
 * the boundaries comes with the plan (SupportRegions.links).
 */
import { trapezoidTime } from "./motion";
import { flowArea, flowSpacing, type PrintProfile } from "./profile";
import { supportGrid, type SupportPlan } from "./supports";

export type SupportFeature = "support" | "support_interface";

/** One kind of support extrusion in a layer, in the shape estimate.ts's cooling logic works with. */
export interface SupportSegment {
  feature: SupportFeature;
  mm3: number;
  length: number;
  speed: number;
  adjustable: boolean;
  external: boolean;
  /** Time at feed rate v (the motion model's). */
  time: (v: number) => number;
}

/** Lines `lineDistance` apart over `area`, and the extrusion along the boundary (SupportRegions.links). */
const lineLength = (area: number, links: number, lineDistance: number) => (area > 0 ? area / lineDistance + links : 0);

function limits(profile: PrintProfile, first: boolean) {
  const m = profile.machine;
  const a =
    first && profile.accelerations.firstLayer > 0 ? profile.accelerations.firstLayer : profile.accelerations.default;
  return {
    accel: Math.min(a, m.maxAccelerationExtruding, Math.max(m.maxAccelerationX, m.maxAccelerationY)),
    jerk: Math.min(m.maxJerkX, m.maxJerkY),
  };
}

/** A zig-zag: chords (the mean chord of the region, π·area / boundary) and links, each between two corners. */
function segment(
  feature: SupportFeature,
  length: number,
  area: number,
  boundary: number,
  lineDistance: number,
  mm3PerMm: number,
  speed: number,
  lim: { accel: number; jerk: number },
): SupportSegment {
  const lines = area / lineDistance;
  const chord = boundary > 0 ? Math.max(lineDistance, (Math.PI * area) / boundary) : Math.sqrt(area);
  const chords = Math.max(1, lines / chord);
  const link = Math.max(0, length - lines) / chords;
  return {
    feature,
    mm3: length * mm3PerMm,
    length,
    speed,
    adjustable: true,
    external: false,
    time: (v) => {
      const vj = Math.min(v, lim.jerk);
      return chords * (trapezoidTime(lines / chords, vj, v, vj, lim.accel) + trapezoidTime(link, vj, v, vj, lim.accel));
    },
  };
}

/** Base support of object layer f printed as a support layer of height `height`. */
function baseSegment(plan: SupportPlan, profile: PrintProfile, f: number, height: number): SupportSegment | undefined {
  const { area, boundary, links } = plan.base;
  if (area[f] <= 0) return undefined;
  const cell = supportGrid(profile).cell;
  const length = lineLength(area[f], links[f], cell);
  return segment(
    "support",
    length,
    area[f],
    boundary[f],
    cell,
    flowArea(profile.supports.width, height),
    profile.supports.speed,
    limits(profile, false),
  );
}

/**
 * The support printed with object layer i: the support layers above the object layer below it up to
 * this one's height (PrusaSlicer's cooling buffer holds support-only layers back and slows them down
 * together with the next object layer), the dense interface of layer i, and on the first layer the
 * grown first support layer. `travels`: to each island, and one layer change per support-only layer.
 */
export function supportLayerWork(
  plan: SupportPlan,
  profile: PrintProfile,
  i: number,
): { segments: SupportSegment[]; travels: number } {
  const segments: SupportSegment[] = [];
  let travels = 0;
  if (i >= plan.layerCount) return { segments, travels };
  const sp = profile.supports;
  if (i === 0) {
    const { area, boundary, links, pieces } = plan.firstLayer;
    if (area > 0) {
      const w = profile.widths.firstLayer,
        h = profile.firstLayerHeight;
      const lineDistance = flowSpacing(w, h) / sp.firstLayerDensity;
      const length = lineLength(area, links, lineDistance);
      segments.push(
        segment(
          "support",
          length,
          area,
          boundary,
          lineDistance,
          flowArea(w, h),
          profile.speeds.firstLayer,
          limits(profile, true),
        ),
      );
      travels += pieces;
    }
  } else {
    const { printZ, height, source, shared } = plan.layers;
    const below = profile.firstLayerHeight + (i - 1) * profile.layerHeight,
      top = below + profile.layerHeight;
    for (let s = 0; s < printZ.length; s++) {
      if (printZ[s] <= below + 1e-6 || printZ[s] > top + 1e-6) continue;
      const base = baseSegment(plan, profile, source[s], height[s]);
      if (!base) continue;
      segments.push(base);
      travels += plan.base.pieces[source[s]] + (shared[s] ? 0 : 1);
    }
  }
  const { area, boundary, links, pieces } = plan.dense;
  if (area[i] > 0) {
    const lineDistance = sp.interfaceSpacing + supportGrid(profile).lineSpacing;
    const length = lineLength(area[i], links[i], lineDistance);
    const speed = i === 0 ? profile.speeds.firstLayer : sp.interfaceSpeed;
    segments.push(
      segment(
        "support_interface",
        length,
        area[i],
        boundary[i],
        lineDistance,
        flowArea(sp.width, plan.denseHeight[i]),
        speed,
        limits(profile, i === 0),
      ),
    );
    travels += pieces[i];
  }
  return { segments, travels };
}

/** Extruded support volume of a plan (mm³), as estimatePrint counts it. */
export function supportVolume(plan: SupportPlan, profile: PrintProfile): number {
  let mm3 = 0;
  for (let i = 0; i < plan.layerCount; i++) for (const s of supportLayerWork(plan, profile, i).segments) mm3 += s.mm3;
  return mm3 * profile.extrusionMultiplier;
}

/**
 * NEEDS_SUPPORTS: PrusaSlicer's automatic supports would add at least this share of the part's own
 * material (`partMm3`, estimatePrint without supports): the rule the quote corpus marks parts by
 * (eval/quotes, needs_supports).
 */
export const NEEDS_SUPPORTS_SHARE = 0.15;

export function needsSupports(plan: SupportPlan, profile: PrintProfile, partMm3: number): boolean {
  return partMm3 > 0 && supportVolume(plan, profile) >= NEEDS_SUPPORTS_SHARE * partMm3;
}
