import { describe, expect, it } from "vitest";
import {
  CUSTOM_GCODE_TIME_S,
  DEFAULT_PRINT_PROFILE,
  estimatePrint,
  flowSpacing,
  polylineTime,
  profileFromPrusaConfig,
  slicePrint,
  trapezoidTime,
  type PrintProfile,
} from "./index";
import { box, cylinder, joined } from "./test-meshes";

const P = DEFAULT_PRINT_PROFILE;
const spacing = flowSpacing(0.45, 0.2); // 0.45 − 0.2 × (1 − π/4)

describe("profile", () => {
  it("reads a PrusaSlicer config, resolving percentages", () => {
    const p = profileFromPrusaConfig(
      [
        "layer_height = 0.3",
        "perimeter_speed = 50",
        "external_perimeter_speed = 50%",
        "infill_speed = 100",
        "solid_infill_speed = 60%",
        "top_solid_infill_speed = 50%",
        "fill_density = 15%",
        "machine_max_jerk_x = 10,9",
        "perimeters = 3",
      ].join("\n"),
    );
    expect(p.layerHeight).toBe(0.3);
    expect(p.perimeters).toBe(3);
    expect(p.speeds.externalPerimeter).toBe(25);
    expect(p.speeds.solidInfill).toBe(60);
    expect(p.speeds.topSolidInfill).toBe(30);
    expect(p.fillDensity).toBeCloseTo(0.15);
    expect(p.machine.maxJerkX).toBe(10); // normal mode: the first value
  });
});

describe("slicePrint: a 20 mm cube", () => {
  const s = slicePrint(box(0, 0, 0, 20, 20, 20), P);
  const extSide = 20 - 0.45; // centre line half a width in on each side
  const innerDepth = 0.225 + spacing; // the next perimeter a spacing further in
  const fillSide = 20 - 2 * (innerDepth + spacing / 2);
  // Infill region: grown by infill_overlap; sparse lines are clipped half a spacing inside it.
  const sparseSide = fillSide + 2 * P.infillOverlap - spacing;

  it("has 100 layers of 0.2 mm", () => {
    expect(s.layerCount).toBe(100);
    expect(s.printZ[99]).toBeCloseTo(20, 6);
  });

  it("offsets the perimeters inward from the outline", () => {
    expect(s.area[50]).toBeCloseTo(400, 3);
    expect(s.area[0]).toBeCloseTo((20 - 2 * P.elephantFootCompensation) ** 2, 3); // elephant foot
    expect(s.extLength[50]).toBeCloseTo(4 * extSide, 2);
    expect(s.perimLength[50]).toBeCloseTo(4 * (20 - 2 * innerDepth), 2);
    expect(s.extLoops[50]).toBe(1);
    expect(s.islands[50]).toBe(1);
  });

  it("makes the bottom 4 and top 6 layers solid and the rest sparse", () => {
    const solidLayers = (i: number) => s.topArea[i] + s.bridgeArea[i] + s.solidArea[i] > 0;
    const solid = Array.from({ length: 100 }, (_, i) => solidLayers(i));
    expect(solid.slice(0, 4).every(Boolean)).toBe(true);
    expect(solid.slice(94).every(Boolean)).toBe(true);
    expect(solid.slice(4, 94).some(Boolean)).toBe(false);
    expect(s.topArea[99]).toBeGreaterThan(0); // only the last layer is an exposed top
    expect(s.topArea[98]).toBe(0);
    // The first solid layer over the sparse infill is bridged; the rest is solid infill.
    expect(s.bridgeArea[94]).toBeCloseTo(s.solidArea[95], 1);
    expect(s.solidArea[94]).toBe(0);
    expect(s.bridgeArea[95]).toBe(0);
    expect(s.sparseArea[50]).toBeCloseTo(sparseSide * sparseSide, 1);
  });

  it("weighs about what a solid shell plus 20 % infill holds", () => {
    const e = estimatePrint(s, P, { infillPercent: 20 });
    // Shell: 10 solid layers of the full square, 90 layers of perimeters; the core at ~20 %.
    const core = fillSide * fillSide * 0.2 * 0.2 * 90; // area × layer height × density × layers
    const shell = 400 * 0.2 * 10 + (400 - fillSide * fillSide) * 0.2 * 90;
    expect(e.extruded_mm3).toBeGreaterThan(0.9 * (shell + core));
    expect(e.extruded_mm3).toBeLessThan(1.15 * (shell + core) + 200); // + skirt and anchors
  });
});

describe("slicePrint: a cylinder", () => {
  it("follows the round outline", () => {
    const s = slicePrint(cylinder(10, 10, 256), P);
    expect(s.layerCount).toBe(50);
    expect(s.extLength[20]).toBeCloseTo(2 * Math.PI * (10 - 0.225), 0);
    expect(s.area[20]).toBeCloseTo(Math.PI * 100, 0);
    expect(Math.abs(s.perimLength[20] / (2 * Math.PI * (10 - 0.225 - spacing)) - 1)).toBeLessThan(0.003);
  });
});

describe("slicePrint: an overhang step", () => {
  // A 10 × 10 post (z 0..10) carrying a 20 × 20 plate (z 10..20).
  const s = slicePrint(joined(box(5, 5, 0, 15, 15, 10), box(0, 0, 10, 20, 20, 20)), P);

  it("bridges the first plate layer outside the post and makes the next 3 solid", () => {
    const plateFill = (20 - 2 * (0.225 + 1.5 * spacing) + 2 * P.infillOverlap) ** 2;
    expect(s.bridgeArea[49]).toBe(0);
    // What hangs over, grown 3 mm (EXTERNAL_INFILL_MARGIN) over the post: all but its middle 4 × 4 mm.
    expect(s.bridgeArea[50]).toBeGreaterThan(plateFill - 16 - 1);
    expect(s.bridgeArea[50]).toBeLessThan(plateFill - 16 + 1);
    for (const i of [51, 52, 53]) expect(s.solidArea[i]).toBeGreaterThan(s.bridgeArea[50]);
    // Layer 54 is sparse again, and the middle over the post never becomes solid.
    expect(s.solidArea[54]).toBe(0);
    expect(s.sparseArea[50]).toBeGreaterThan(5);
  });

  it("finds no exposed top on the post (the plate covers it)", () => {
    for (let i = 40; i < 50; i++) expect(s.topArea[i] + s.solidArea[i]).toBe(0);
  });
});

describe("motion model", () => {
  it("accelerates, cruises and decelerates", () => {
    // 0 → 100 mm/s at 1000 mm/s²: 0.1 s and 5 mm each way, 90 mm cruising at 100 mm/s.
    expect(trapezoidTime(100, 0, 100, 0, 1000)).toBeCloseTo(0.1 + 0.9 + 0.1, 9);
    // Too short to reach the cruise speed: a triangle peaking at sqrt(a × L).
    expect(trapezoidTime(4, 0, 100, 0, 1000)).toBeCloseTo(2 * Math.sqrt(4 / 1000), 9);
    // Entering at the cruise speed only decelerates.
    expect(trapezoidTime(100, 100, 100, 0, 1000)).toBeCloseTo(0.1 + 0.95, 9);
  });

  it("slows down for a reversal, not for a straight line", () => {
    const limits = { accel: 1000, jerkX: 8, jerkY: 8 };
    const straight = polylineTime([0, 0, 50, 0, 100, 0], 100, limits);
    const oneMove = polylineTime([0, 0, 100, 0], 100, limits);
    expect(straight).toBeCloseTo(oneMove, 9);
    const reversal = polylineTime([0, 0, 50, 0, 0, 0], 100, limits);
    // The junction is taken at the jerk speed (8 mm/s): braking from 100 and accelerating back
    // cost (v − vj)² ÷ (a × v) more than cruising through.
    expect(reversal).toBeCloseTo(straight + (100 - 8) ** 2 / (1000 * 100), 6);
  });
});

describe("estimatePrint: minimum layer time", () => {
  it("slows a tiny part's layers down to the minimum layer time", () => {
    const s = slicePrint(box(0, 0, 0, 15, 15, 10), P);
    const fast: PrintProfile = { ...P, cooling: { ...P.cooling, enabled: false } };
    const slowed = estimatePrint(s, P, { infillPercent: 20 });
    const free = estimatePrint(s, fast, { infillPercent: 20 });
    expect(free.time_s - CUSTOM_GCODE_TIME_S).toBeLessThan(0.8 * 15 * s.layerCount);
    // Each layer takes at least (about) 15 s; the slowdown is reported.
    expect(slowed.time_s - CUSTOM_GCODE_TIME_S).toBeGreaterThan(0.95 * 15 * s.layerCount);
    expect(slowed.cooling_slowdown_s).toBeCloseTo(slowed.time_s - free.time_s, 6);
  });
});
