import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { analyzeMesh } from "../index";
import { expectAppError, expectClose, readCorpusFile, toBytes } from "../testing/expectations";
import { computeSoupVolumeAndArea, soupFromIndexed } from "../testing/reference-volume";
import { createBox } from "../testing/shapes";
import { writeAmf } from "../testing/writers";

describe("AMF", () => {
  it("reads several objects and volumes with the unit attribute", async () => {
    const text = writeAmf("inch", [
      { name: "Block", volumes: [createBox([1, 1, 1]), createBox([1, 1, 1], [2, 0, 0])] },
      { name: "Plate", volumes: [createBox([2, 1, 0.5], [0, 3, 0])] },
    ]);
    const { geometry, components } = await analyzeMesh(toBytes(text), "parts.amf");
    expect(geometry.units).toBe("inch");
    expectClose(geometry.volume_cm3, (3 * 25.4 ** 3) / 1000);
    expect(components.map((c) => c.name)).toEqual(["Block", "Plate"]);
    expectClose(components[1].volume_cm3, 25.4 ** 3 / 1000);
    expect(geometry.parts).toBe(3);
  });

  it("reads zipped AMF", async () => {
    const zipped = zipSync({
      "part.amf": strToU8(writeAmf("millimeter", [{ name: "Box", volumes: [createBox([40, 30, 20])] }])),
    });
    const { geometry } = await analyzeMesh(zipped, "part.amf");
    expectClose(geometry.volume_cm3, 24);
  });

  it("reads the corpus rook (zipped) and matches an independent facet sum", async () => {
    const bytes = readCorpusFile("mesh/rook.amf");
    const xml = strFromU8(Object.values(unzipSync(bytes))[0]);
    const numbers = (tag: string) =>
      [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, "g"))].map((m) => Number(m[1]));
    const [xs, ys, zs] = ["x", "y", "z"].map(numbers);
    const [v1, v2, v3] = ["v1", "v2", "v3"].map(numbers);
    const vertices = xs.flatMap((x, i) => [x, ys[i], zs[i]]);
    const reference = computeSoupVolumeAndArea(
      soupFromIndexed(
        vertices,
        v1.flatMap((a, i) => [a, v2[i], v3[i]]),
      ),
    );
    const { geometry } = await analyzeMesh(bytes, "rook.amf");
    expectClose(geometry.volume_cm3, reference.volume / 1000);
    expectClose(geometry.surface_area_cm2, reference.area / 100);
    expect(geometry).toMatchObject({ triangles: v1.length, is_manifold: true });
  });

  describe("bad input", () => {
    it("refuses a DTD with entities (billion laughs)", async () => {
      const laughs =
        '<?xml version="1.0"?><!DOCTYPE amf [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><amf unit="millimeter"><metadata type="x">&b;</metadata></amf>';
      await expectAppError(analyzeMesh(toBytes(laughs), "x.amf"), "unreadable_file", /DOCTYPE/);
    });

    it("rejects bad vertex references, non-numeric coordinates and unknown units", async () => {
      const box = writeAmf("millimeter", [{ name: "Box", volumes: [createBox([1, 1, 1])] }]);
      await expectAppError(
        analyzeMesh(toBytes(box.replace("<v1>0</v1>", "<v1>42</v1>")), "x.amf"),
        "unreadable_file",
        /refers to vertex 42/,
      );
      await expectAppError(
        analyzeMesh(toBytes(box.replace("<x>0</x>", "<x>abc</x>")), "x.amf"),
        "unreadable_file",
        /not a finite number/,
      );
      await expectAppError(
        analyzeMesh(toBytes(box.replace('unit="millimeter"', 'unit="cubit"')), "x.amf"),
        "unreadable_file",
        /unit "cubit"/,
      );
      await expectAppError(analyzeMesh(toBytes(box.slice(0, 300)), "x.amf"), "unreadable_file", /not well-formed/);
    });

    it("refuses a zipped AMF that inflates past the limit", async () => {
      const zipped = zipSync({ "big.amf": new Uint8Array(3 * 1024 * 1024) });
      await expectAppError(
        analyzeMesh(zipped, "big.amf", { maxUnzippedBytes: 1024 * 1024 }),
        "archive_too_large",
        /zip bomb/,
      );
    });
  });
});
