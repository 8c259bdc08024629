import { describe, expect, it } from "vitest";
import { analyzeMesh } from "../index";
import { expectAppError, expectClose, readCorpusFile, toBytes } from "../testing/expectations";
import { computeTorusVolumeAndArea } from "../testing/reference-volume";
import { createTorus } from "../testing/shapes";
import { writePly } from "../testing/writers";

describe("PLY", () => {
  it.each(["ascii", "binary_little_endian", "binary_big_endian"] as const)(
    "measures a generated torus in %s with extra vertex properties",
    async (encoding) => {
      const expected = computeTorusVolumeAndArea(25, 8, 48, 24);
      const { geometry } = await analyzeMesh(writePly(createTorus(25, 8, 48, 24), encoding), "torus.ply");
      expectClose(geometry.volume_cm3, expected.volume / 1000);
      expectClose(geometry.surface_area_cm2, expected.area / 100);
      expect(geometry).toMatchObject({ vertices: 48 * 24, is_manifold: true });
    },
  );

  it.each(["cube.ply", "cube_meshlab_ascii.ply", "cube_meshlab_binary.ply", "cube_rgb_binary.ply"])(
    "reads corpus %s as a 1 mm cube",
    async (file) => {
      const { geometry } = await analyzeMesh(readCorpusFile(`mesh/${file}`), file);
      expectClose(geometry.volume_cm3, 0.001);
      expect(geometry).toMatchObject({ triangles: 12, vertices: 8, is_manifold: true, is_winding_consistent: true });
    },
  );

  describe("bad input", () => {
    const header =
      "ply\nformat binary_little_endian 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n";

    it("rejects a truncated binary body", async () => {
      await expectAppError(
        analyzeMesh(new Uint8Array([...toBytes(header), ...new Uint8Array(20)]), "x.ply"),
        "unreadable_file",
        /PLY file is truncated/,
      );
    });

    it("rejects out-of-range face indices", async () => {
      const text =
        "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n1 0 0\n0 1 0\n3 0 1 7\n";
      await expectAppError(analyzeMesh(toBytes(text), "x.ply"), "unreadable_file", /face 1 refers to vertex 7/);
    });

    it("rejects a header without end_header or with an unknown type", async () => {
      await expectAppError(
        analyzeMesh(toBytes("ply\nformat ascii 1.0\nelement vertex 3\n"), "x.ply"),
        "unreadable_file",
        /end_header/,
      );
      await expectAppError(
        analyzeMesh(toBytes("ply\nformat ascii 1.0\nelement vertex 1\nproperty quad x\nend_header\n1\n"), "x.ply"),
        "unreadable_file",
        /type "quad" is unknown/,
      );
    });

    it("rejects NaN coordinates", async () => {
      const text =
        "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n0 0 0\nnan 0 0\n0 1 0\n3 0 1 2\n";
      await expectAppError(analyzeMesh(toBytes(text), "x.ply"), "unreadable_file", /not a finite number/);
    });
  });
});
