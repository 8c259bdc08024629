/**
 * Extruded volume and printing time from a layer summary (see slice.ts): per feature, the path
 * length from the geometry, PrusaSlicer's flow model for the volume, a trapezoidal motion model
 * with jerk-limited corners for the time, travel with retraction and Z hop, and the minimum layer
 * time slowdown. Cheap: a few arithmetic operations per layer.
 */
import { gyroidStats, trapezoidTime, type Limits } from "./motion";
import { flowArea, flowSpacing, type PrintProfile } from "./profile";
import { CORNER_BINS, type PrintSummary } from "./slice";
import { supportLayerWork } from "./supports-extrusion";
import type { EstimateOptions, Feature, PrintEstimate, Segment } from "./estimate-types";

/**
 * Moves of the profile's start and end G-code the slicer's estimate includes (MK3S: the 100 mm
 * purge line at 1000 mm/min, parking and the final 49 mm Z lift at 720 mm/min), about 14 s.
 */
export const CUSTOM_GCODE_TIME_S = 100 / (1000 / 60) + 150 / 60 + 50 / 12;

const EMPTY = () => ({ mm3: 0, time_s: 0, length_mm: 0 });

export function estimatePrint(
  summary: PrintSummary,
  profile: PrintProfile,
  options: EstimateOptions = {},
): PrintEstimate {
  const density = (options.infillPercent ?? profile.fillDensity * 100) / 100;
  const by: PrintEstimate["by_feature"] = {
    external_perimeter: EMPTY(),
    perimeter: EMPTY(),
    top_solid: EMPTY(),
    bridge: EMPTY(),
    solid: EMPTY(),
    sparse: EMPTY(),
    skirt: EMPTY(),
    travel: EMPTY(),
    support: EMPTY(),
    support_interface: EMPTY(),
  };
  const m = profile.machine;
  const jerk = Math.min(m.maxJerkX, m.maxJerkY);
  const limitsFor = (accel: number): Limits => ({
    accel: Math.min(
      accel > 0 ? accel : profile.accelerations.default,
      m.maxAccelerationExtruding,
      Math.max(m.maxAccelerationX, m.maxAccelerationY),
    ),
    jerkX: m.maxJerkX,
    jerkY: m.maxJerkY,
  });
  const travelAccel = Math.min(
    profile.accelerations.default,
    m.maxAccelerationTravel,
    Math.max(m.maxAccelerationX, m.maxAccelerationY),
  );

  // Fixed costs of one retracted travel (besides the XY move itself): the wipe carrying the
  // retraction, the Z hop up and down, and the de-retraction.
  const r = profile.retraction;
  const wipeSpeed = profile.speeds.travel * 0.8;
  const retractTime =
    r.length > 0
      ? r.wipe
        ? trapezoidTime((r.length / r.speed) * wipeSpeed, jerk, wipeSpeed, jerk, travelAccel)
        : trapezoidTime(r.length, m.maxJerkE, r.speed, m.maxJerkE, m.maxAccelerationRetracting)
      : 0;
  const deretractSpeed = r.deretractSpeed > 0 ? r.deretractSpeed : r.speed;
  const deretractTime =
    r.length > 0 ? trapezoidTime(r.length, m.maxJerkE, deretractSpeed, m.maxJerkE, m.maxAccelerationRetracting) : 0;
  const zSpeed = Math.min(profile.speeds.travelZ || m.maxFeedrateZ, m.maxFeedrateZ);
  const liftTime = r.lift > 0 ? 2 * trapezoidTime(r.lift, m.maxJerkZ, zSpeed, m.maxJerkZ, m.maxAccelerationZ) : 0;
  const retractedTravelExtra = retractTime + deretractTime + liftTime;
  const retractedTravelNominal =
    (r.wipe ? r.length / r.speed : r.length / r.speed) + r.length / deretractSpeed + (2 * r.lift) / zSpeed;

  /** Time of a closed-loop feature: cruise plus the corner slowdowns from the histogram. */
  const loopTime = (length: number, loops: number, corners: Float64Array, base: number, v: number, limits: Limits) => {
    if (length <= 0) return 0;
    let sharp = loops; // every loop starts and ends at (about) the jerk speed
    for (let b = 0; b < CORNER_BINS.length; b++) sharp += corners[base + b];
    const d = length / Math.max(1, sharp); // mean distance between slowdowns
    const restSpeed = Math.min(v, jerk);
    let time = length / v;
    const add = (count: number, vj: number) => {
      if (count > 0 && vj < v) time += count * (trapezoidTime(d, vj, v, vj, limits.accel) - d / v);
    };
    add(loops, restSpeed);
    for (let b = 0; b < CORNER_BINS.length; b++) {
      const c = b === 0 ? CORNER_BINS[0] / 2 : (CORNER_BINS[b - 1] + CORNER_BINS[b]) / 2;
      add(corners[base + b], Math.max(restSpeed, Math.min(v, jerk / c)));
    }
    return time;
  };

  /** Rectilinear solid infill of an area: chords (mean length from area ÷ boundary) joined by short connectors. */
  const solidTime = (area: number, boundary: number, spacing: number, v: number, limits: Limits) => {
    if (area <= 0) return { time: 0, length: 0 };
    const length = area / spacing;
    const chord = boundary > 0 ? Math.max(spacing, (Math.PI * area) / boundary) : Math.sqrt(area);
    const chords = length / chord;
    const vj = Math.min(v, jerk);
    const connector = spacing * Math.SQRT2;
    return {
      time:
        chords * (trapezoidTime(chord, vj, v, vj, limits.accel) + trapezoidTime(connector, vj, v, vj, limits.accel)),
      length: length + chords * connector,
    };
  };

  let extruded = 0;
  let total = 0;
  let slowdownTotal = 0;
  // Skirt (Print::_make_skirt): loops a first-layer spacing apart around the hull, the first centred
  // skirt_distance + half a spacing out; more than `skirts` if needed to use min_skirt_length of
  // filament on the first layer. Every skirt layer repeats them with the first layer's width.
  let skirtLength = 0;
  if (summary.firstLayerHullLength > 0 && profile.skirts > 0) {
    const spacing = flowSpacing(profile.widths.firstLayer, profile.firstLayerHeight);
    const filamentPerMm =
      flowArea(profile.widths.firstLayer, profile.firstLayerHeight) / (Math.PI * (profile.filamentDiameter / 2) ** 2);
    for (let k = 0; k < profile.skirts || (skirtLength * filamentPerMm < profile.minSkirtLength && k < 100); k++) {
      skirtLength += summary.firstLayerHullLength + 2 * Math.PI * (profile.skirtDistance + spacing / 2 + k * spacing);
    }
  }

  for (let i = 0; i < summary.layerCount; i++) {
    const h = summary.height[i];
    if (summary.area[i] <= 0) continue;
    const first = i === 0;
    const speedOf = (v: number) => (first ? profile.speeds.firstLayer : v);
    const accelOf = (a: number) =>
      first && profile.accelerations.firstLayer > 0 ? profile.accelerations.firstLayer : a;
    const perimLimits = limitsFor(accelOf(profile.accelerations.perimeter));
    const infillLimits = limitsFor(accelOf(profile.accelerations.infill));
    const bridgeLimits = limitsFor(accelOf(profile.accelerations.bridge));
    const em = profile.extrusionMultiplier;
    const segs: Segment[] = [];
    const addVolume = (feature: Feature, mm3: number) => {
      by[feature].mm3 += mm3 * em;
      extruded += mm3 * em;
    };

    // Perimeters: the volume is the area they cover (Arachne widens beads over thin walls) less the
    // band outside the outer wall's spacing. The external perimeter keeps its width (Arachne's
    // RedistributeBeadingStrategy); the inner ones take the rest.
    const extW = first ? profile.widths.firstLayer : profile.widths.externalPerimeter;
    const perimVolume =
      Math.max(0, summary.perimeterArea[i] - ((extW - flowSpacing(extW, h)) / 2) * summary.extLength[i]) * h;
    const extVolume = Math.min(perimVolume, summary.extLength[i] * flowArea(extW, h));
    addVolume("external_perimeter", extVolume);
    addVolume("perimeter", perimVolume - extVolume);
    const base = i * CORNER_BINS.length;
    const extV = speedOf(profile.speeds.externalPerimeter);
    segs.push({
      length: summary.extLength[i],
      speed: extV,
      adjustable: false,
      external: true,
      feature: "external_perimeter",
      time: (v) => loopTime(summary.extLength[i], summary.extLoops[i], summary.extCorners, base, v, perimLimits),
    });
    const bigLength = summary.perimLength[i] - summary.smallPerimLength[i];
    const perLoops = summary.perimLoops[i];
    const bigShare = summary.perimLength[i] > 0 ? bigLength / summary.perimLength[i] : 0;
    segs.push({
      length: bigLength,
      speed: speedOf(profile.speeds.perimeter),
      adjustable: true,
      external: false,
      feature: "perimeter",
      time: (v) =>
        loopTime(bigLength, perLoops * bigShare, scaled(summary.perimCorners, base, bigShare), base, v, perimLimits),
    });
    const smallLength = summary.smallPerimLength[i];
    segs.push({
      length: smallLength,
      speed: speedOf(profile.speeds.smallPerimeter),
      adjustable: true,
      external: false,
      feature: "perimeter",
      time: (v) =>
        loopTime(
          smallLength,
          perLoops * (1 - bigShare),
          scaled(summary.perimCorners, base, 1 - bigShare),
          base,
          v,
          perimLimits,
        ),
    });

    // Solid infill: the area at 100 %, lines a flow spacing apart (the region includes the infill
    // overlap). Bridges: thick_bridges prints round threads a nozzle × √bridge_flow_ratio across,
    // 0.05 mm apart; without it, bridge_flow_ratio thins the solid line and PrusaSlicer 2.5 keeps its
    // area per spacing (Flow::with_cross_section), so the lines pack closer and the volume stays.
    const solid = (
      feature: Feature,
      area: number,
      boundary: number,
      spacing: number,
      mm3PerMm2: number,
      speed: number,
      limits: Limits,
    ) => {
      if (area <= 0) return;
      addVolume(feature, area * mm3PerMm2);
      const v = speedOf(speed);
      const { length } = solidTime(area, boundary, spacing, v, limits);
      segs.push({
        length,
        speed: v,
        adjustable: true,
        external: false,
        feature,
        time: (vv) => solidTime(area, boundary, spacing, vv, limits).time,
      });
    };
    const solidSpacing = (width: number) => flowSpacing(first ? profile.widths.firstLayer : width, h);
    const bridgeDiameter = profile.nozzleDiameter * Math.sqrt(profile.bridgeFlowRatio);
    const bridgeSpacing = profile.thickBridges
      ? bridgeDiameter + 0.05
      : profile.bridgeFlowRatio * flowSpacing(profile.widths.solidInfill, h);
    const bridgeMm3PerMm2 = profile.thickBridges ? ((Math.PI / 4) * bridgeDiameter ** 2) / bridgeSpacing : h;
    solid(
      "top_solid",
      summary.topArea[i],
      summary.topBoundary[i],
      solidSpacing(profile.widths.topInfill),
      h,
      profile.speeds.topSolidInfill,
      infillLimits,
    );
    solid(
      "bridge",
      summary.bridgeArea[i],
      summary.bridgeBoundary[i],
      bridgeSpacing,
      bridgeMm3PerMm2,
      profile.speeds.bridge,
      bridgeLimits,
    );
    solid(
      "solid",
      summary.solidArea[i],
      summary.solidBoundary[i],
      solidSpacing(profile.widths.solidInfill),
      h,
      profile.speeds.solidInfill,
      infillLimits,
    );

    // Sparse gyroid: lines over the region (already clipped, see PrintSummary), plus the anchors
    // joining line ends along the boundary (about half of it at this spacing).
    if (summary.sparseArea[i] > 0 && density > 0) {
      const w = first ? profile.widths.firstLayer : profile.widths.infill;
      const spacing = flowSpacing(w, h);
      const v = speedOf(profile.speeds.infill);
      const stats = (vv: number) => gyroidStats(density, spacing, vv, infillLimits);
      const g = stats(v);
      const area = summary.sparseArea[i];
      const lines = area * g.lengthPerArea;
      const anchorGap = g.lineDistance;
      const anchors = anchorGap <= profile.infillAnchorMax ? summary.sparseBoundary[i] / 2 : 0;
      const chords = summary.sparseBoundary[i] / (Math.PI * g.lineDistance);
      addVolume("sparse", (lines + anchors) * flowArea(w, h));
      const vj = Math.min(v, jerk);
      segs.push({
        length: lines + anchors,
        speed: v,
        adjustable: true,
        external: false,
        feature: "sparse",
        time: (vv) => {
          const s = stats(vv);
          const steady = 1 / s.timePerMm;
          // Each chord end turns onto an anchor: brake to the jerk speed and accelerate back.
          const ends = 2 * chords * Math.max(0, (steady - vj) ** 2 / (2 * infillLimits.accel * steady));
          const anchorTime =
            anchors > 0 ? (anchors / anchorGap) * trapezoidTime(anchorGap, vj, vv, vj, infillLimits.accel) : 0;
          return lines * s.timePerMm + ends + anchorTime;
        },
      });
    }

    // Skirt around the first layers.
    if (i < profile.skirtHeight && skirtLength > 0) {
      const length = skirtLength;
      addVolume("skirt", length * flowArea(profile.widths.firstLayer, h));
      const v = speedOf(profile.speeds.skirt);
      segs.push({
        length,
        speed: v,
        adjustable: true,
        external: false,
        feature: "skirt",
        time: (vv) => trapezoidTime(length, jerk, vv, jerk, perimLimits.accel),
      });
    }

    // Support material printed with this layer (supports-extrusion.ts).
    const support = options.supports ? supportLayerWork(options.supports, profile, i) : undefined;
    for (const s of support?.segments ?? []) {
      addVolume(s.feature, s.mm3);
      segs.push(s);
    }

    // Travel: to each loop of each island (contour and holes), to each infill region, and the layer change.
    const travels =
      summary.extLoops[i] +
      summary.sparsePieces[i] +
      summary.topPieces[i] +
      summary.bridgePieces[i] +
      summary.solidPieces[i] +
      1 +
      (support?.travels ?? 0);
    const hop = Math.max(2 * r.minTravel, 0.5 * Math.sqrt(summary.area[i] / Math.max(1, summary.islands[i])));
    const travelTime =
      travels * (trapezoidTime(hop, jerk, profile.speeds.travel, jerk, travelAccel) + retractedTravelExtra);
    const travelNominal = travels * (hop / profile.speeds.travel + retractedTravelNominal);
    by.travel.time_s += travelTime;
    by.travel.length_mm += travels * hop;

    // Minimum layer time: the cooling logic slows the extrusions (fastest first, external
    // perimeters last) until the layer's nominal time (length ÷ feed rate) reaches the target.
    let layerTime = travelTime;
    const speeds = segs.map((s) => s.speed);
    const nominal = segs.reduce((sum, s) => sum + (s.length > 0 ? s.length / s.speed : 0), 0) + travelNominal;
    const target = profile.cooling.enabled ? profile.cooling.slowdownBelowLayerTime : 0;
    if (nominal < target && nominal > 0) {
      const minV = profile.cooling.minPrintSpeed;
      const fixed = travelNominal;
      const timeAt = (cap: number, external: boolean) =>
        segs.reduce((sum, s) => {
          if (s.length <= 0) return sum;
          const slowed = s.adjustable || (external && s.external);
          return sum + s.length / (slowed ? Math.min(s.speed, Math.max(cap, Math.min(minV, s.speed))) : s.speed);
        }, fixed);
      const external = timeAt(minV, false) < target;
      // Bisect the common feed rate cap.
      let lo = minV,
        hi = Math.max(...speeds, minV);
      for (let k = 0; k < 40; k++) {
        const mid = (lo + hi) / 2;
        if (timeAt(mid, external) > target) lo = mid;
        else hi = mid;
      }
      const cap = Math.max(lo, minV);
      segs.forEach((s, k) => {
        if (s.adjustable || (external && s.external))
          speeds[k] = Math.min(s.speed, Math.max(cap, Math.min(minV, s.speed)));
      });
    }
    let before = travelTime;
    segs.forEach((s, k) => {
      if (s.length <= 0) return;
      const t = s.time(speeds[k]);
      before += s.time(s.speed);
      layerTime += t;
      by[s.feature].time_s += t;
      by[s.feature].length_mm += s.length;
    });
    slowdownTotal += layerTime - before;
    total += layerTime;
  }

  return {
    extruded_mm3: extruded,
    time_s: total + (summary.layerCount > 0 ? CUSTOM_GCODE_TIME_S : 0),
    layers: summary.layerCount,
    by_feature: by,
    cooling_slowdown_s: slowdownTotal,
  };
}

function scaled(hist: Float64Array, base: number, factor: number): Float64Array {
  const out = new Float64Array(hist.length === 0 ? 0 : base + CORNER_BINS.length);
  for (let b = 0; b < CORNER_BINS.length; b++) out[base + b] = hist[base + b] * factor;
  return out;
}
