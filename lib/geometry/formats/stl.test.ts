import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeMesh, parseMesh } from "../index";
import { CORPUS, expectAppError, expectClose, isToolInstalled, readCorpusFile, toBytes } from "../testing/expectations";
import { computeSoupVolumeAndArea } from "../testing/reference-volume";
import { createBox } from "../testing/shapes";
import { writeAsciiStl, writeBinaryStl } from "../testing/writers";

/** Reads the corner coordinates of a binary STL directly, for an independent reference. */
function readBinaryStlSoup(bytes: Uint8Array): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const soup: number[] = [];
  for (let t = 0; t < view.getUint32(80, true); t++)
    for (let k = 0; k < 9; k++) soup.push(view.getFloat32(84 + t * 50 + 12 + k * 4, true));
  return soup;
}

describe("STL", () => {
  it("reads binary STL by size even when the header starts with 'solid'", async () => {
    const bytes = writeBinaryStl(createBox([40, 30, 20]));
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("solid");
    const mesh = await parseMesh(bytes, "box.stl");
    expect(mesh.positions).toBeInstanceOf(Float32Array);
    expect(mesh.positions.length / 3).toBe(8);
    expect(mesh.components).toEqual([{ name: "box", firstTriangle: 0, triangleCount: 12 }]);
  });

  it("reads ASCII STL with CRLF, no normals, comments and trailing garbage after endsolid", async () => {
    const text =
      "# exported by a test\r\n" +
      writeAsciiStl(createBox([40, 30, 20]), "box", "\r\n").replaceAll("facet normal 0 0 0", "facet") +
      "garbage after the end \u0000\u0001";
    const { geometry } = await analyzeMesh(toBytes(text), "box.stl");
    expectClose(geometry.volume_cm3, 24);
    expect(geometry.vertices).toBe(8);
  });

  it("keeps several ASCII solids as components", async () => {
    const text =
      writeAsciiStl(createBox([10, 10, 10]), "first") + writeAsciiStl(createBox([10, 10, 10], [20, 0, 0]), "second");
    const { components, geometry } = await analyzeMesh(toBytes(text), "two.stl");
    expect(components.map((c) => [c.name, c.triangles])).toEqual([
      ["first", 12],
      ["second", 12],
    ]);
    expect(geometry.parts).toBe(2);
  });

  it("reads the corpus cubes (MeshLab ASCII and binary): a 1 mm cube", async () => {
    for (const file of ["cube_meshlab_ascii.stl", "cube_meshlab_binary.stl"]) {
      const { geometry } = await analyzeMesh(readCorpusFile(`mesh/${file}`), file);
      expectClose(geometry.volume_cm3, 0.001);
      expectClose(geometry.surface_area_cm2, 0.06);
      expect(geometry).toMatchObject({ vertices: 8, triangles: 12, is_manifold: true });
    }
  });

  it("reads the corpus single-triangle files (comments, missing normal)", async () => {
    for (const file of ["single_triangle_with_comments.stl", "single_triangle_no_normal.stl"]) {
      const { geometry } = await analyzeMesh(readCorpusFile(`mesh/${file}`), file);
      expect(geometry).toMatchObject({ triangles: 1, vertices: 3, is_watertight: false });
      expectClose(geometry.surface_area_cm2, 0.005);
    }
  });

  it("matches an independent sum over the corpus binary STL's facets", async () => {
    const bytes = readCorpusFile("mesh/stl_binary.stl");
    const reference = computeSoupVolumeAndArea(readBinaryStlSoup(bytes));
    const { geometry } = await analyzeMesh(bytes, "stl_binary.stl");
    expectClose(geometry.volume_cm3, reference.volume / 1000);
    expectClose(geometry.surface_area_cm2, reference.area / 100);
    expect(geometry.parts).toBe(10);
    expect(geometry.degenerate_triangles).toBe(12); // exactly collinear facets in the file
  });

  it.runIf(isToolInstalled("admesh"))("agrees with admesh on the corpus ASCII STL", async () => {
    const output = spawnSync("admesh", [path.join(CORPUS, "mesh/stl_ascii.stl")], { encoding: "utf8" }).stdout;
    const { geometry } = await analyzeMesh(readCorpusFile("mesh/stl_ascii.stl"), "stl_ascii.stl");
    expectClose(geometry.volume_cm3 * 1000, Number(/Volume\s*:\s*([\d.]+)/.exec(output)?.[1]), 1e-5);
    expect(geometry.parts).toBe(Number(/Number of parts\s*:\s*(\d+)/.exec(output)?.[1]));
  });

  it("welds -0 and +0 as the same coordinate", async () => {
    const box = createBox([10, 10, 10]).map((value, index) => (value === 0 && index % 2 ? -0 : value));
    const { geometry } = await analyzeMesh(writeBinaryStl(box), "box.stl");
    expect(geometry).toMatchObject({ vertices: 8, is_manifold: true });
  });

  describe("bad input", () => {
    const box = writeBinaryStl(createBox([10, 10, 10]));

    it("rejects a truncated binary STL with a clear size message", async () => {
      const bytes = new Uint8Array(box.subarray(0, 400));
      bytes.set([0, 0, 0, 0], 0); // header no longer starts with "solid"
      await expectAppError(
        analyzeMesh(bytes, "box.stl"),
        "unreadable_file",
        /Binary STL is truncated: header says 12 triangles \(684 bytes\) but the file has 400 bytes/,
      );
    });

    it("rejects a triangle count that disagrees with the size", async () => {
      const bytes = new Uint8Array([...box, ...new Uint8Array(10)]);
      await expectAppError(
        analyzeMesh(bytes, "box.stl"),
        "unreadable_file",
        /header says 12 triangles \(684 bytes\) but the file has 694 bytes/,
      );
    });

    it("rejects a header shorter than 84 bytes", async () => {
      await expectAppError(analyzeMesh(new Uint8Array(50), "x.stl"), "unreadable_file", /84-byte header is incomplete/);
    });

    it("rejects NaN and infinite coordinates", async () => {
      for (const bad of [Number.NaN, Number.POSITIVE_INFINITY]) {
        const bytes = new Uint8Array(box);
        new DataView(bytes.buffer).setFloat32(84 + 50 * 3 + 16, bad, true);
        await expectAppError(
          analyzeMesh(bytes, "box.stl"),
          "unreadable_file",
          /triangle 4 has a coordinate that is not a finite number/,
        );
      }
      const text = writeAsciiStl(createBox([1, 1, 1])).replace("vertex 0 0 0", "vertex nan 0 0");
      await expectAppError(
        analyzeMesh(toBytes(text), "box.stl"),
        "unreadable_file",
        /line \d+: .* three finite coordinates/,
      );
    });

    it("rejects ASCII facets without exactly three vertices and files cut mid-facet", async () => {
      const fourCorners = writeAsciiStl(createBox([1, 1, 1])).replace("vertex 0 0 0", "vertex 0 0 0\nvertex 1 1 1");
      await expectAppError(analyzeMesh(toBytes(fourCorners), "box.stl"), "unreadable_file", /has 4 vertices/);
      const cut = writeAsciiStl(createBox([1, 1, 1])).slice(0, 200);
      await expectAppError(analyzeMesh(toBytes(cut), "box.stl"), "unreadable_file", /truncated/);
    });

    it("rejects a binary STL with zero triangles as empty geometry", async () => {
      await expectAppError(analyzeMesh(new Uint8Array(84), "empty.stl"), "empty_geometry", /contains no triangles/);
      await expectAppError(analyzeMesh(toBytes("solid a\nendsolid a\n"), "empty.stl"), "empty_geometry");
    });
  });
});
