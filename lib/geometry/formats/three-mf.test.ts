import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { analyzeMesh } from "../index";
import { expectAppError, expectClose, readCorpusFile } from "../testing/expectations";
import { computeTorusVolumeAndArea } from "../testing/reference-volume";
import { createBox, createTorus } from "../testing/shapes";
import { writeThreeMfModel, zipThreeMf } from "../testing/writers";

const box10 = { id: 1, name: "Box", soup: createBox([10, 10, 10]) };
const analyzeModel = (modelXml: string, options = {}) => analyzeMesh(zipThreeMf(modelXml), "part.3mf", options);

describe("3MF", () => {
  it("reads the corpus rhombicuboctahedron: volume (12+10√2)/3·a³ for edge a = 50 mm", async () => {
    const { geometry, components } = await analyzeMesh(readCorpusFile("mesh/rhombicuboctahedron.3mf"), "r.3mf");
    expectClose(geometry.volume_cm3, (((12 + 10 * Math.SQRT2) / 3) * 50 ** 3) / 1000, 1e-5); // coordinates stored to 6 digits
    expect(geometry).toMatchObject({ units: "millimeter", vertices: 24, is_manifold: true });
    expect(components.map((c) => c.name)).toEqual(["Rhombicuboctahedron (color)"]);
  });

  it.each([
    ["micron", 0.001],
    ["millimeter", 1],
    ["centimeter", 10],
    ["inch", 25.4],
    ["foot", 304.8],
    ["meter", 1000],
  ])("converts unit %s to millimetres", async (unit, millimetres) => {
    const { geometry } = await analyzeModel(writeThreeMfModel(unit, [box10], [{ objectId: 1 }]));
    expectClose(geometry.volume_cm3, (10 * millimetres) ** 3 / 1000);
    expectClose(geometry.bbox_mm.x, 10 * millimetres);
    expect(geometry.units).toBe(unit);
  });

  it("counts an object placed twice twice, each as a named component", async () => {
    const model = writeThreeMfModel(
      "millimeter",
      [box10],
      [{ objectId: 1 }, { objectId: 1, transform: "1 0 0 0 1 0 0 0 1 30 0 0" }],
    );
    const { geometry, components } = await analyzeModel(model);
    expectClose(geometry.volume_cm3, 2);
    expect(geometry).toMatchObject({ parts: 2, triangles: 24, vertices: 16 });
    expect(geometry.bbox_mm).toEqual({ x: 40, y: 10, z: 10 });
    expect(components.map((c) => c.name)).toEqual(["Box", "Box"]);
  });

  it("applies component transforms composed with the build item transform", async () => {
    const assembly = {
      id: 2,
      name: "Assembly",
      components: [{ objectId: 1 }, { objectId: 1, transform: "2 0 0 0 2 0 0 0 2 50 0 0" }],
    };
    const rotateZ90 = "0 1 0 -1 0 0 0 0 1 0 0 0";
    const { geometry, components } = await analyzeModel(
      writeThreeMfModel("millimeter", [box10, assembly], [{ objectId: 2, transform: rotateZ90 }]),
    );
    expectClose(geometry.volume_cm3, 1 + 8);
    expect(geometry.bbox_mm).toEqual({ x: 20, y: 70, z: 20 });
    expect(components).toHaveLength(1);
    expect(components[0]).toMatchObject({ name: "Assembly", triangles: 24 });
  });

  it("keeps outward normals under a mirroring transform", async () => {
    const model = writeThreeMfModel(
      "millimeter",
      [box10],
      [{ objectId: 1 }, { objectId: 1, transform: "-1 0 0 0 1 0 0 0 1 -20 0 0" }],
    );
    const { geometry } = await analyzeModel(model);
    expectClose(geometry.volume_cm3, 2);
    expect(geometry.is_winding_consistent).toBe(true);
  });

  it("reads a multi-megabyte model (decoded in slices) and keeps a UTF-8 name", async () => {
    const torus = { id: 1, name: "Törus ✓", soup: createTorus(30, 10, 240, 120) };
    const model = writeThreeMfModel("millimeter", [torus], [{ objectId: 1 }]);
    expect(model.length).toBeGreaterThan(3 * 1024 * 1024);
    const { geometry, components } = await analyzeModel(model);
    expectClose(geometry.volume_cm3, computeTorusVolumeAndArea(30, 10, 240, 120).volume / 1000);
    expect(components[0].name).toBe("Törus ✓");
  });

  describe("bad input", () => {
    it("refuses a zip bomb by declared size", async () => {
      const bomb = zipThreeMf(writeThreeMfModel("millimeter", [box10], [{ objectId: 1 }]), {
        "3D/padding.model": new Uint8Array(4 * 1024 * 1024),
      });
      expect(bomb.length).toBeLessThan(64 * 1024);
      await expectAppError(
        analyzeMesh(bomb, "bomb.3mf", { maxUnzippedBytes: 1024 * 1024 }),
        "archive_too_large",
        /unpacks to more than 1 MiB \(the 1 MiB limit\); refusing it as a possible zip bomb/,
      );
    });

    it("refuses a zip bomb whose local header lies about the size: the central directory's size counts", async () => {
      const bomb = zipSync({ "3D/3dmodel.model": new Uint8Array(8 * 1024 * 1024) });
      const view = new DataView(bomb.buffer);
      view.setUint32(22, 100, true); // local header "uncompressed size"
      await expectAppError(
        analyzeMesh(bomb, "bomb.3mf", { maxUnzippedBytes: 1024 * 1024 }),
        "archive_too_large",
        /zip bomb/,
      );
    });

    it("refuses XML with a DTD or entity declarations", async () => {
      const laughs =
        '<?xml version="1.0"?><!DOCTYPE model [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><model unit="millimeter">&b;</model>';
      await expectAppError(analyzeModel(laughs), "unreadable_file", /DOCTYPE\/entity declaration/);
      const undeclared = writeThreeMfModel("millimeter", [{ ...box10, name: "&xxe;" }], [{ objectId: 1 }]);
      await expectAppError(analyzeModel(undeclared), "unreadable_file", /not well-formed XML/);
    });

    it("rejects unknown units, missing objects, bad indices and damaged archives", async () => {
      await expectAppError(
        analyzeModel(writeThreeMfModel("furlong", [box10], [{ objectId: 1 }])),
        "unreadable_file",
        /unit "furlong"/,
      );
      await expectAppError(
        analyzeModel(writeThreeMfModel("millimeter", [box10], [{ objectId: 9 }])),
        "unreadable_file",
        /object 9/,
      );
      const badIndex = writeThreeMfModel("millimeter", [box10], [{ objectId: 1 }]).replace('v3="', 'v3="99');
      await expectAppError(analyzeModel(badIndex), "unreadable_file", /refers to vertex 99/);
      const cycle = writeThreeMfModel(
        "millimeter",
        [{ id: 1, name: "loop", components: [{ objectId: 1 }] }],
        [{ objectId: 1 }],
      );
      await expectAppError(analyzeModel(cycle), "unreadable_file", /nested more than/);
      await expectAppError(
        analyzeMesh(zipSync({ "readme.txt": strToU8("hi") }), "x.3mf"),
        "unreadable_file",
        /no 3D model part/,
      );
      await expectAppError(analyzeMesh(new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]), "x.3mf"), "unreadable_file");
    });

    it("rejects missing or non-numeric coordinates", async () => {
      const model = writeThreeMfModel("millimeter", [box10], [{ objectId: 1 }]);
      await expectAppError(analyzeModel(model.replace('x="0"', 'x=""')), "unreadable_file", /not a finite number/);
      await expectAppError(analyzeModel(model.replace('x="0"', 'x="NaN"')), "unreadable_file", /not a finite number/);
    });

    it("rejects a build with no items as empty geometry", async () => {
      await expectAppError(analyzeModel(writeThreeMfModel("millimeter", [box10], [])), "empty_geometry");
    });
  });
});
