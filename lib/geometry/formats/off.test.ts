import { describe, expect, it } from "vitest";
import { analyzeMesh } from "../index";
import { expectAppError, expectClose, readCorpusFile, toBytes } from "../testing/expectations";
import { computeTorusVolumeAndArea } from "../testing/reference-volume";
import { createTorus } from "../testing/shapes";
import { writeOff } from "../testing/writers";

describe("OFF", () => {
  it("reads the corpus cube (quad faces) and the commented single triangle", async () => {
    const cube = await analyzeMesh(readCorpusFile("mesh/cube.off"), "cube.off");
    expectClose(cube.geometry.volume_cm3, 0.001);
    expect(cube.geometry).toMatchObject({ triangles: 12, vertices: 8, is_manifold: true, is_winding_consistent: true });
    const triangle = await analyzeMesh(readCorpusFile("mesh/single_triangle_with_comments.off"), "t.off");
    expect(triangle.geometry).toMatchObject({ triangles: 1, vertices: 3 });
  });

  it("measures a generated torus exactly", async () => {
    const expected = computeTorusVolumeAndArea(20, 5, 40, 20);
    const { geometry } = await analyzeMesh(toBytes(writeOff(createTorus(20, 5, 40, 20))), "torus.off");
    expectClose(geometry.volume_cm3, expected.volume / 1000);
    expectClose(geometry.surface_area_cm2, expected.area / 100);
  });

  it("reads COFF with colour columns and counts on the header line", async () => {
    const text = [
      "COFF 4 4 6",
      "0 0 0 255 0 0 255",
      "10 0 0 0 255 0 255",
      "0 10 0 0 0 255 255",
      "0 0 10 9 9 9 255",
      "3 0 2 1 255 0 0",
      "3 0 1 3 0.5 0.5 0.5",
      "3 0 3 2",
      "3 1 2 3 1 1 1",
    ].join("\n");
    const { geometry } = await analyzeMesh(toBytes(text), "tetra.off");
    expectClose(geometry.volume_cm3, 1000 / 6 / 1000);
    expect(geometry.is_manifold).toBe(true);
  });

  describe("bad input", () => {
    it("rejects a file that ends before the announced faces", async () => {
      await expectAppError(
        analyzeMesh(toBytes("OFF\n4 4 0\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n3 0 1 2\n"), "x.off"),
        "unreadable_file",
        /truncated: header announces 4 vertices and 4 faces/,
      );
    });

    it("rejects out-of-range indices and bad counts", async () => {
      await expectAppError(
        analyzeMesh(toBytes("OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 3\n"), "x.off"),
        "unreadable_file",
        /vertex index 3 is out of range/,
      );
      await expectAppError(
        analyzeMesh(toBytes("OFF\nthree 1 0\n"), "x.off"),
        "unreadable_file",
        /vertex and face counts/,
      );
    });

    it("rejects zero faces as empty geometry", async () => {
      await expectAppError(analyzeMesh(toBytes("OFF\n3 0 0\n0 0 0\n1 0 0\n0 1 0\n"), "x.off"), "empty_geometry");
    });
  });
});
