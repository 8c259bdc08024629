import { describe, expect, it } from "vitest";
import {
  DEFAULT_PRINT_PROFILE,
  estimatePrint,
  flowArea,
  needsSupports,
  planSupports,
  profileFromPrusaConfig,
  slicePrint,
  supportVolume,
  type PrintProfile,
} from "./index";
import { supportGrid } from "./supports";
import { box, frustum, joined } from "./test-meshes";

const P = DEFAULT_PRINT_PROFILE;
const grid = supportGrid(P);
// A 10 × 10 post (z 0..20) carrying a 30 × 30 plate (z 20..22): 800 mm² of ledge, 20 mm up.
const ledge = joined(box(10, 10, 0, 20, 20, 20), box(0, 0, 20, 30, 30, 22));

describe("support settings", () => {
  it("reads PrusaSlicer's support_material_* keys, resolving percentages", () => {
    const p = profileFromPrusaConfig(
      [
        "support_material_threshold = 40",
        "support_material_speed = 60",
        "support_material_interface_speed = 50%",
        "support_material_xy_spacing = 100%",
        "external_perimeter_extrusion_width = 0.5",
        "support_material_extrusion_width = 0",
        "extrusion_width = 0.4",
        "support_material_buildplate_only = 1",
        "raft_first_layer_density = 80%",
        "max_layer_height = 0",
      ].join("\n"),
    );
    expect(p.supports.threshold).toBe(40);
    expect(p.supports.speed).toBe(60);
    expect(p.supports.interfaceSpeed).toBe(30);
    expect(p.supports.xySpacing).toBeCloseTo(0.5);
    expect(p.supports.width).toBeCloseTo(0.4); // 0: the default extrusion width
    expect(p.supports.buildplateOnly).toBe(true);
    expect(p.supports.firstLayerDensity).toBeCloseTo(0.8);
    expect(p.maxLayerHeight).toBeCloseTo(0.3); // 0: 75 % of the nozzle
  });

  it("uses PrusaSlicer's grid: line spacing + support_material_spacing, 7 pixels a cell", () => {
    expect(grid.lineSpacing).toBeCloseTo(0.35 - 0.2 * (1 - Math.PI / 4), 9);
    expect(grid.cell).toBeCloseTo(2 + grid.lineSpacing, 9);
    expect(grid.oversampling).toBe(7);
  });
});

describe("planSupports", () => {
  it("supports nothing under a box", () => {
    const plan = planSupports(box(0, 0, 0, 20, 20, 20), P);
    expect(plan.overhangArea).toBe(0);
    expect(plan.layers.printZ.length).toBe(0);
    expect(supportVolume(plan, P)).toBe(0);
  });

  it("fills the grid cells under a ledge from the bed up to the contact distance below it", () => {
    const plan = planSupports(ledge, P);
    // 800 mm² of ledge, and 100 mm² where the two merged boxes overlap (no support: the post is below).
    expect(plan.overhangArea).toBeCloseTo(900, -1);
    // The ledge is layer 100 (z 20..20.2); with 0.2 mm contact distance the top support layer is 98.
    expect(plan.dense.area[98]).toBeGreaterThan(700);
    expect(plan.base.area[99] + plan.dense.area[99]).toBe(0);
    // Below: the interface layer (support_material_interface_layers = 2), then the sparse base.
    expect(plan.dense.area[97]).toBeGreaterThan(700);
    expect(plan.dense.area[96]).toBe(0);
    // The base: whole cells (the ledge grown to the grid, up to a cell out), not the post and its xy gap.
    const area = plan.base.area[50];
    expect(area).toBeGreaterThan(900 - (10 + 2 * P.supports.xySpacing) ** 2);
    expect(area).toBeLessThan((30 + 2 * grid.cell + grid.lineSpacing) ** 2 - 100);
    expect(plan.base.pieces[50]).toBe(1);
    // The first layer is grown by raft_first_layer_expansion.
    expect(plan.firstLayer.area).toBeGreaterThan(area + 3 * 4 * 30);
  });

  it("prints one contact every ceil(distance / max_layer_height) layers of its own", () => {
    const { printZ, height, shared } = planSupports(ledge, P).layers;
    // From the first layer (0.2) to the contact layer's top (19.8): 79 layers of 0.248 mm.
    expect(printZ.length).toBe(1 + 79);
    expect(printZ[printZ.length - 1]).toBeCloseTo(19.8, 6);
    expect(height[5]).toBeCloseTo(19.6 / 79, 6);
    expect(shared.filter(Boolean).length).toBeLessThan(15);
  });

  it("leaves a side steeper than the threshold alone and supports a flatter one", () => {
    const cone = frustum(5, 15, 10, 128); // 45° from the horizontal
    // Each layer leans out 0.2 mm, 0.162 mm allowed: the outer fifth of every layer's strip overhangs.
    expect(planSupports(cone, P).overhangArea).toBeCloseTo(Math.PI * (15 ** 2 - 5 ** 2) * (1 - 0.162 / 0.2), -1);
    expect(planSupports(cone, P).base.area[20]).toBeGreaterThan(Math.PI * (15 ** 2 - 10 ** 2));
    const steep: PrintProfile = { ...P, supports: { ...P.supports, threshold: 40 } };
    expect(planSupports(cone, steep).overhangArea).toBe(0);
    expect(planSupports(frustum(5, 8, 10, 128), P).overhangArea).toBe(0); // 73°
  });

  it("supports overhangs above the part only without support_material_buildplate_only", () => {
    // A plate over a lower step: the step is under part of the ledge.
    const stepped = joined(ledge, box(0, 0, 0, 30, 5, 5));
    const everywhere = planSupports(stepped, P);
    const bedOnly = planSupports(stepped, { ...P, supports: { ...P.supports, buildplateOnly: true } });
    expect(everywhere.base.area[50]).toBeGreaterThan(bedOnly.base.area[50] + 100);
    // Beside the step, bed only is the same support as above it (less the xy gap along the step).
    expect(everywhere.base.area[40]).toBeGreaterThan(bedOnly.base.area[40] + 100);
    expect(Math.abs(bedOnly.base.area[10] - bedOnly.base.area[50])).toBeLessThan(
      30 * (P.supports.xySpacing + grid.lineSpacing),
    );
  });
});

describe("estimatePrint with supports", () => {
  const summary = slicePrint(ledge, P);
  const plan = planSupports(ledge, P);
  const without = estimatePrint(summary, P, { infillPercent: 20 });
  const withSupports = estimatePrint(summary, P, { infillPercent: 20, supports: plan });

  it("adds the support volume and its time", () => {
    const support = withSupports.by_feature.support.mm3 + withSupports.by_feature.support_interface.mm3;
    expect(withSupports.extruded_mm3 - without.extruded_mm3).toBeCloseTo(support, 6);
    expect(support).toBeCloseTo(supportVolume(plan, P), 6);
    // Sparse base: a line every cell over ~1000 mm², 20 mm high, plus the dense layers and the first one.
    const base = (plan.base.area[50] / grid.cell) * flowArea(P.supports.width, 0.2) * 100;
    expect(withSupports.by_feature.support.mm3).toBeGreaterThan(0.9 * base);
    expect(withSupports.by_feature.support.mm3).toBeLessThan(1.6 * base);
    expect(withSupports.time_s - without.time_s).toBeGreaterThan(
      withSupports.by_feature.support.length_mm / P.supports.speed,
    );
  });

  it("flags NEEDS_SUPPORTS for the ledge, not for a box", () => {
    expect(needsSupports(plan, P, without.extruded_mm3)).toBe(true);
    const cube = box(0, 0, 0, 20, 20, 20);
    const cubeMm3 = estimatePrint(slicePrint(cube, P), P).extruded_mm3;
    expect(needsSupports(planSupports(cube, P), P, cubeMm3)).toBe(false);
  });
});
