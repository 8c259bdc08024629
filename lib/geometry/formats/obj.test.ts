import { describe, expect, it } from "vitest";
import { analyzeMesh } from "../index";
import { expectAppError, expectClose, readCorpusFile, toBytes } from "../testing/expectations";
import { createBox } from "../testing/shapes";
import { writeObj } from "../testing/writers";

/** Hexagonal prism written with two hexagon faces and six quads (n-gons), with v/vt/vn corners. */
function writeHexagonalPrismObj(side: number, height: number): string {
  const lines: string[] = [];
  for (const z of [0, height]) {
    for (let k = 0; k < 6; k++)
      lines.push(`v ${side * Math.cos((k * Math.PI) / 3)} ${side * Math.sin((k * Math.PI) / 3)} ${z}`);
  }
  lines.push("vt 0 0", "vn 0 0 1", "l 1 2 3");
  lines.push("f 6/1/1 5/1/1 4/1/1 3/1/1 2/1/1 1/1/1"); // bottom, seen from below
  lines.push("f 7//1 8//1 9//1 10//1 11//1 12//1");
  for (let k = 0; k < 6; k++) {
    const next = (k + 1) % 6;
    lines.push(`f ${k + 1}/1 ${next + 1}/1 ${next + 7}/1 ${k + 7}/1`);
  }
  return lines.join("\n");
}

describe("OBJ", () => {
  it("triangulates n-gons and ignores texture/normal indices and line elements", async () => {
    const { geometry } = await analyzeMesh(toBytes(writeHexagonalPrismObj(10, 5)), "hex.obj");
    expectClose(geometry.volume_cm3, (((3 * Math.sqrt(3)) / 2) * 100 * 5) / 1000);
    expect(geometry).toMatchObject({
      triangles: 2 * 4 + 6 * 2,
      vertices: 12,
      is_manifold: true,
      is_winding_consistent: true,
    });
  });

  it("resolves negative (relative) indices", async () => {
    const text = "v 0 0 0\nv 10 0 0\nv 0 10 0\nv 0 0 10\nf -4 -2 -3\nf -4 -3 -1\nf -4 -1 -2\nf -3 -2 -1\n";
    const { geometry } = await analyzeMesh(toBytes(text), "tetra.obj");
    expectClose(geometry.volume_cm3, 1000 / 6 / 1000);
    expect(geometry.is_manifold).toBe(true);
    const corpus = await analyzeMesh(readCorpusFile("mesh/single_triangle_negative_indices.obj"), "t.obj");
    expectClose(corpus.geometry.surface_area_cm2, 0.005);
  });

  it("ignores vertices no face uses (count and bounding box)", async () => {
    const text = "v 0 0 0\nv 10 0 0\nv 500 500 500\nv 0 10 0\nv 0 0 10\nf 1 4 2\nf 1 2 5\nf 1 5 4\nf 2 4 5\n";
    const { geometry } = await analyzeMesh(toBytes(text), "tetra.obj");
    expect(geometry.vertices).toBe(4);
    expect(geometry.bbox_mm).toEqual({ x: 10, y: 10, z: 10 });
    expect(geometry.is_manifold).toBe(true);
  });

  it("keeps o/g objects as components", async () => {
    const text = writeObj([
      { name: "left", soup: createBox([10, 10, 10]) },
      { name: "right bracket – Ø8", soup: createBox([20, 10, 10], [30, 0, 0]) },
    ]);
    const { components, geometry } = await analyzeMesh(toBytes(text), "two.obj");
    expect(components.map((c) => c.name)).toEqual(["left", "right bracket – Ø8"]);
    expectClose(components[1].volume_cm3, 2);
    expect(components[1].bbox_mm).toEqual({ x: 20, y: 10, z: 10 });
    expectClose(geometry.volume_cm3, 3);
    const corpus = await analyzeMesh(readCorpusFile("mesh/two_meshes_same_vertices.obj"), "two.obj");
    expect(corpus.components.map((c) => c.name)).toEqual(["MeshName1", "MeshName2"]);
  });

  it("reads the corpus cube with materials, comments and v/vt/vn faces", async () => {
    const { geometry } = await analyzeMesh(readCorpusFile("mesh/cube_with_materials_comments.obj"), "cube.obj");
    expectClose(geometry.volume_cm3, 0.001);
    expect(geometry).toMatchObject({ triangles: 12, vertices: 8, is_manifold: true });
  });

  it("reads the corpus hundred unit cubes as 100 components and 100 parts", async () => {
    const { geometry, components } = await analyzeMesh(readCorpusFile("mesh/hundred_cubes.obj"), "cubes.obj");
    expect(components).toHaveLength(100);
    expect(geometry.parts).toBe(100);
    expectClose(geometry.volume_cm3, 100 / 1000);
  });

  it("reads the corpus icosahedron: volume 5(3+√5)a³/12 for its edge a", async () => {
    const bytes = readCorpusFile("mesh/icosahedron.obj");
    const lines = new TextDecoder().decode(bytes).split("\n");
    const vertices = lines.filter((l) => l.startsWith("v ")).map((l) => l.trim().split(/\s+/).slice(1).map(Number));
    const face = lines
      .find((l) => l.startsWith("f "))!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map((c) => Number(c.split("/")[0]) - 1);
    const edge = Math.hypot(...vertices[face[0]].map((value, axis) => value - vertices[face[1]][axis]));
    const { geometry } = await analyzeMesh(bytes, "icosahedron.obj");
    expectClose(geometry.volume_cm3, (((5 * (3 + Math.sqrt(5))) / 12) * edge ** 3) / 1000, 1e-5); // file stores 6 decimals
    expect(geometry).toMatchObject({ triangles: 20, vertices: 12, is_manifold: true });
  });

  describe("bad input", () => {
    it("rejects indices out of range, zero indices and non-numeric coordinates", async () => {
      await expectAppError(
        analyzeMesh(toBytes("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 4\n"), "x.obj"),
        "unreadable_file",
        /line 4: face vertex "4" is out of range/,
      );
      await expectAppError(
        analyzeMesh(toBytes("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 0 1 2\n"), "x.obj"),
        "unreadable_file",
        /out of range/,
      );
      await expectAppError(
        analyzeMesh(toBytes("v 0 0 0\nv 1 0 0\nv 0 1 0\nf -4 1 2\n"), "x.obj"),
        "unreadable_file",
        /out of range/,
      );
      await expectAppError(
        analyzeMesh(toBytes("v 0 0 0\nv 1 inf 0\nv 0 1 0\nf 1 2 3\n"), "x.obj"),
        "unreadable_file",
        /Vertex 2 .* not a finite number/,
      );
      await expectAppError(
        analyzeMesh(toBytes("v 0 0 0\nv 1 0 0\nf 1 2\n"), "x.obj"),
        "unreadable_file",
        /at least 3 vertices/,
      );
    });

    it("rejects an OBJ without faces as empty geometry", async () => {
      await expectAppError(analyzeMesh(toBytes("v 0 0 0\nv 1 0 0\nl 1 2\n"), "lines.obj"), "empty_geometry");
    });
  });
});
