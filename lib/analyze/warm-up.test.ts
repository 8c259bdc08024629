import { describe, expect, it } from "vitest";
import { analyzeDrawing, DEFAULT_CHAIN_TOLERANCE_MM, DEFAULT_NON_CUT_LAYER_PATTERNS } from "@/lib/laser";
import { readDxf } from "@/lib/laser/read-dxf";
import { explodeDrawing } from "@/lib/laser/explode-entities";
import { cutSegments } from "@/lib/laser/lone-circle-path";
import fs from "node:fs";
import { parseMesh } from "@/lib/geometry";
import { resolveFromRoot } from "@/lib/paths";
import { DEFAULT_PRINT_PROFILE, planSupports, slicePrint } from "@/lib/print-estimate";
import {
  WARM_UP_COLUMNS,
  WARM_UP_CORNER_RADIUS_MM,
  WARM_UP_HOLE_DIAMETER_MM,
  WARM_UP_PITCH_MM,
  WARM_UP_ROWS,
  warmUpDrawing,
  warmUpLaser,
  warmUpPrintEstimate,
  warmUpTorus,
  WARM_UP_PART,
} from "./warm-up";

describe("warm-up drawing", () => {
  // Warming only helps if the drawing goes through the whole engine: a drawing that failed would warm nothing.
  it("is measured like any drawing, every figure from its dimensions", async () => {
    const { geometry } = await analyzeDrawing(warmUpDrawing(), "warm-up.dxf");
    const w = WARM_UP_COLUMNS * WARM_UP_PITCH_MM;
    const h = WARM_UP_ROWS * WARM_UP_PITCH_MM;
    const c = WARM_UP_CORNER_RADIUS_MM;
    const r = WARM_UP_HOLE_DIAMETER_MM / 2;
    const holes = WARM_UP_COLUMNS * WARM_UP_ROWS;
    // Plate: four straight sides shortened by the corner, plus a quarter circle; slot: 2 × 20 mm + a circle of r 5.
    const plate = 2 * w + 2 * h - 2 * c + (Math.PI * c) / 2;
    const slot = 40 + 2 * Math.PI * 5;
    expect(geometry.cut_length_mm).toBeCloseTo(plate + holes * 2 * Math.PI * r + slot, 6);
    expect(geometry.pierce_count).toBe(holes + 2);
    expect(geometry).toMatchObject({ parts: 2, holes, open_contours: 0, min_feature_mm: WARM_UP_HOLE_DIAMETER_MM });
    // The slot's right end is 20 + 20 + 5 mm right of the plate.
    expect(geometry.bbox_mm.x).toBeCloseTo(w + 50, 9);
    expect(geometry.bbox_mm.y).toBeCloseTo(h, 9);
    const plateArea = w * h - (c * c - (Math.PI * c * c) / 4);
    const slotArea = 20 * 10 + Math.PI * 25;
    expect(geometry.area_cm2).toBeCloseTo((plateArea - holes * Math.PI * r * r + slotArea) / 100, 6);
  });

  it("without arcs, is the sheet of holes whose circles stay numbers, every figure from its dimensions", async () => {
    const drawing = warmUpDrawing({ curved: false });
    const { geometry } = await analyzeDrawing(drawing, "warm-up.dxf", { contours: false });
    const w = WARM_UP_COLUMNS * WARM_UP_PITCH_MM;
    const h = WARM_UP_ROWS * WARM_UP_PITCH_MM;
    const r = WARM_UP_HOLE_DIAMETER_MM / 2;
    const holes = WARM_UP_COLUMNS * WARM_UP_ROWS;
    expect(geometry.cut_length_mm).toBeCloseTo(2 * w + 2 * h + holes * 2 * Math.PI * r, 6);
    expect(geometry).toMatchObject({ parts: 1, holes, pierce_count: holes + 1, bbox_mm: { x: w, y: h } });
    expect(geometry.area_cm2).toBeCloseTo((w * h - holes * Math.PI * r * r) / 100, 6);
    const model = readDxf(drawing, { plainCircles: true });
    const exploded = explodeDrawing(model, 1, DEFAULT_NON_CUT_LAYER_PATTERNS);
    expect(cutSegments(exploded, DEFAULT_CHAIN_TOLERANCE_MM).circles?.count).toBe(holes);
    // The curved plate's arcs send its circles down the general path: the two drawings warm both.
    const curved = explodeDrawing(readDxf(warmUpDrawing(), { plainCircles: true }), 1, DEFAULT_NON_CUT_LAYER_PATTERNS);
    expect(cutSegments(curved, DEFAULT_CHAIN_TOLERANCE_MM).circles).toBeNull();
  });

  it("waits while the child is busy and finishes its rounds once it is idle", async () => {
    let busy = true;
    let finished = false;
    const warming = warmUpLaser(() => busy, 2).then(() => (finished = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(finished).toBe(false);
    busy = false;
    await warming;
    expect(finished).toBe(true);
  });
});

describe("print estimate warm-up", () => {
  // It warms only the code it runs: every kind of surface must come up, and the supports plan must run.
  it("slices a torus into layers with every kind of surface", () => {
    const P = DEFAULT_PRINT_PROFILE;
    const summary = slicePrint(warmUpTorus(), P);
    // 10 mm high: the first layer, then 0.2 mm layers.
    expect(summary.layerCount).toBe(Math.round((10 - P.firstLayerHeight) / P.layerHeight) + 1);
    for (const column of ["topArea", "bridgeArea", "solidArea", "sparseArea", "perimLength"] as const)
      expect(summary[column].some((v) => v > 0)).toBe(true);
    // A torus's lower half overhangs: the supports plan has work to do.
    expect(planSupports(warmUpTorus(), P).overhangArea).toBeGreaterThan(0);
  });

  it("has its real part in the repository, a closed mesh with overhangs", async () => {
    const bytes = fs.readFileSync(resolveFromRoot(WARM_UP_PART));
    const mesh = await parseMesh(new Uint8Array(bytes), "part.stl");
    // A binary STL: the triangle count is the header's, every triangle kept.
    expect(mesh.indices.length / 3).toBe(bytes.readUInt32LE(80));
    expect(planSupports(mesh, DEFAULT_PRINT_PROFILE).overhangArea).toBeGreaterThan(0);
  });

  it("waits while the child is busy and finishes its rounds once it is idle, with no slicing thread too", async () => {
    let busy = true;
    let finished = false;
    const warming = warmUpPrintEstimate(() => busy, null, 1).then(() => (finished = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(finished).toBe(false);
    busy = false;
    await warming;
    expect(finished).toBe(true);
  });
});
