import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { analyzeMesh } from "./index";
import { expectClose, isToolInstalled, toBytes } from "./testing/expectations";
import { computeTorusVolumeAndArea } from "./testing/reference-volume";
import {
  createBox,
  createTorus,
  createVoxelSolid,
  invertSoup,
  translateSoup,
  type TriangleSoup,
} from "./testing/shapes";
import { writeBinaryStl, writeObj } from "./testing/writers";

const analyzeStl = (soup: TriangleSoup) => analyzeMesh(writeBinaryStl(soup), "part.stl");
const analyzeObj = (soup: TriangleSoup) => analyzeMesh(toBytes(writeObj([{ name: "part", soup }])), "part.obj");

describe("measurements", () => {
  it("measures a 40×30×20 mm box: 24 cm³, 52 cm², closed and consistent", async () => {
    const { geometry, components } = await analyzeStl(createBox([40, 30, 20]));
    expectClose(geometry.volume_cm3, 24);
    expectClose(geometry.surface_area_cm2, 52);
    expect(geometry.bbox_mm).toEqual({ x: 40, y: 30, z: 20 });
    expect(geometry).toMatchObject({
      triangles: 12,
      vertices: 8,
      parts: 1,
      is_manifold: true,
      is_watertight: true,
      is_winding_consistent: true,
      degenerate_triangles: 0,
      units: "assumed_mm",
      warnings: [],
    });
    expect(components).toHaveLength(1);
    expectClose(components[0].volume_cm3, 24);
  });

  it("reports a positive volume for an inside-out box", async () => {
    const { geometry } = await analyzeStl(invertSoup(createBox([40, 30, 20])));
    expectClose(geometry.volume_cm3, 24);
    expect(geometry.is_winding_consistent).toBe(true);
  });

  it("subtracts an inward-facing inner void: 40 mm cube with a 20 mm void is 56 cm³", async () => {
    const soup = [...createBox([40, 40, 40]), ...createBox([20, 20, 20], [10, 10, 10], true)];
    const { geometry } = await analyzeStl(soup);
    expectClose(geometry.volume_cm3, 56);
    expectClose(geometry.surface_area_cm2, (6 * 40 * 40 + 6 * 20 * 20) / 100);
    expect(geometry.parts).toBe(2);
    expect(geometry.is_manifold).toBe(true);
  });

  it("measures a 40×30×10 plate with a 10×10 through hole (voxel surface, many coplanar triangles)", async () => {
    const plate = createVoxelSolid([4, 3, 1], 10, (i, j) => !(i === 1 && j === 1));
    const { geometry } = await analyzeObj(plate);
    expectClose(geometry.volume_cm3, ((40 * 30 - 10 * 10) * 10) / 1000);
    // two faces minus the hole, outer walls, hole walls
    expectClose(geometry.surface_area_cm2, (2 * (1200 - 100) + 140 * 10 + 40 * 10) / 100);
    expect(geometry).toMatchObject({ is_manifold: true, is_winding_consistent: true, parts: 1 });
  });

  it("matches the exact polyhedral volume and area of a tessellated torus (OBJ, float64)", async () => {
    const expected = computeTorusVolumeAndArea(30, 10, 96, 48);
    const { geometry } = await analyzeObj(createTorus(30, 10, 96, 48));
    expectClose(geometry.volume_cm3, expected.volume / 1000);
    expectClose(geometry.surface_area_cm2, expected.area / 100);
    expect(geometry).toMatchObject({ vertices: 96 * 48, triangles: 96 * 48 * 2, parts: 1, is_manifold: true });
  });

  it("matches the torus within float32 rounding when stored as binary STL", async () => {
    const expected = computeTorusVolumeAndArea(30, 10, 64, 32);
    const { geometry } = await analyzeStl(createTorus(30, 10, 64, 32));
    expectClose(geometry.volume_cm3, expected.volume / 1000, 2e-6);
    expectClose(geometry.surface_area_cm2, expected.area / 100, 2e-6);
    expect(geometry.vertices).toBe(64 * 32);
  });

  it("keeps full precision far from the origin", async () => {
    const { geometry } = await analyzeStl(createBox([40, 30, 20], [100000, -200000, 50000]));
    expectClose(geometry.volume_cm3, 24, 1e-9);
  });

  it("counts separate shells as parts", async () => {
    const { geometry } = await analyzeStl([
      ...createBox([10, 10, 10]),
      ...createBox([10, 10, 10], [20, 0, 0]),
      ...createBox([5, 5, 5], [0, 20, 0]),
    ]);
    expect(geometry.parts).toBe(3);
    expectClose(geometry.volume_cm3, 2.125);
  });

  it("flags open edges on a box with a missing face", async () => {
    const { geometry } = await analyzeStl(createBox([10, 10, 10]).slice(18));
    expect(geometry).toMatchObject({ is_watertight: false, is_manifold: false, is_winding_consistent: true });
    expect(geometry.warnings.map((w) => w.code)).toContain("OPEN_EDGES");
    expect(geometry.warnings[0].message).toMatch(/4 edges belong to only one triangle/);
  });

  it("flags inconsistent winding when one triangle is flipped", async () => {
    const box = createBox([10, 10, 10]);
    const soup = [...invertSoup(box.slice(0, 9)), ...box.slice(9)];
    const { geometry } = await analyzeStl(soup);
    expect(geometry).toMatchObject({ is_watertight: true, is_manifold: true, is_winding_consistent: false });
    expect(geometry.warnings.map((w) => w.code)).toEqual(["INCONSISTENT_WINDING"]);
  });

  it("flags edges shared by more than two triangles as non-manifold", async () => {
    // two closed boxes sharing one edge: that edge is used by four triangles
    const { geometry } = await analyzeStl([...createBox([10, 10, 10]), ...createBox([10, 10, 10], [10, 10, 0])]);
    expect(geometry.is_manifold).toBe(false);
    expect(geometry.is_watertight).toBe(true);
    expect(geometry.warnings.map((w) => w.code)).toEqual(["NON_MANIFOLD"]);
    expect(geometry.parts).toBe(1);
  });

  it("counts zero-area triangles as degenerate", async () => {
    const soup = [...createBox([10, 10, 10]), 0, 0, 0, 5, 5, 5, 10, 10, 10, 1, 1, 1, 1, 1, 1, 2, 2, 2];
    const { geometry } = await analyzeStl(soup);
    expect(geometry.degenerate_triangles).toBe(2);
    expect(geometry.warnings.map((w) => w.code)).toContain("DEGENERATE_TRIANGLES");
  });

  it("warns when the size suggests a unit mix-up", async () => {
    const tiny = await analyzeStl(createBox([1, 1, 1]));
    const huge = await analyzeStl(createBox([2500, 100, 100]));
    const normal = await analyzeStl(createBox([150, 100, 100]));
    expect(tiny.geometry.warnings.map((w) => w.code)).toEqual(["UNIT_SUSPECT"]);
    expect(huge.geometry.warnings.map((w) => w.code)).toEqual(["UNIT_SUSPECT"]);
    expect(normal.geometry.warnings).toEqual([]);
  });

  it.runIf(isToolInstalled("admesh"))("agrees with admesh on a torus STL", async () => {
    const bytes = writeBinaryStl(translateSoup(createTorus(30, 10, 48, 24), [5, 6, 7]));
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-mesh-")), "torus.stl");
    fs.writeFileSync(file, bytes);
    const output = spawnSync("admesh", [file], { encoding: "utf8" }).stdout;
    const admeshVolume = Number(/Volume\s*:\s*([\d.]+)/.exec(output)?.[1]);
    const { geometry } = await analyzeMesh(bytes, "torus.stl");
    expectClose(geometry.volume_cm3 * 1000, admeshVolume, 1e-5); // admesh prints 6 decimals
    expect(geometry.parts).toBe(Number(/Number of parts\s*:\s*(\d+)/.exec(output)?.[1]));
  });
});
