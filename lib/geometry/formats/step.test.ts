import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeMesh } from "../index";
import { expectAppError, expectClose, readCorpusFile, toBytes } from "../testing/expectations";

describe("STEP, IGES and BREP (OpenCascade worker)", () => {
  it.each([
    ["cube-mm.step", "millimeter"],
    ["cube-m.step", "meter"],
    ["cube-in.step", "inch"],
  ])("reads %s as the same 1000 mm cube and reports the declared unit", async (file, unit) => {
    const { geometry } = await analyzeMesh(readCorpusFile(`step/${file}`), file);
    expectClose(geometry.volume_cm3, 1000 ** 3 / 1000);
    expectClose(geometry.surface_area_cm2, (6 * 1000 ** 2) / 100);
    expect(geometry).toMatchObject({ units: unit, is_manifold: true, is_winding_consistent: true, parts: 1 });
  });

  it("tessellates a cylinder within 0.5% of πr²h and keeps it watertight", async () => {
    const bytes = new Uint8Array(fs.readFileSync(path.resolve("test/fixtures/mesh/cylinder-r10-h20.step")));
    const { geometry } = await analyzeMesh(bytes, "cylinder.step");
    expectClose(geometry.volume_cm3, (Math.PI * 10 ** 2 * 20) / 1000, 0.005);
    expectClose(geometry.surface_area_cm2, (2 * Math.PI * 10 * 20 + 2 * Math.PI * 10 ** 2) / 100, 0.005);
    expect(geometry).toMatchObject({ is_manifold: true, is_winding_consistent: true, units: "millimeter" });
  });

  it("tessellates curved faces closely: 10 mm cube with one edge rounded at R5 is 1000 − (1 − π/4)·25·10 mm³", async () => {
    // rounded-cube.step has exactly one CYLINDRICAL_SURFACE of radius 5 on a 10 mm cube
    const { geometry } = await analyzeMesh(readCorpusFile("step/rounded-cube.step"), "rounded-cube.step");
    expectClose(geometry.volume_cm3, (1000 - (1 - Math.PI / 4) * 250) / 1000, 0.005);
    expect(geometry.is_manifold).toBe(true);
  });

  it("keeps assembly instances as components", async () => {
    const { geometry, components } = await analyzeMesh(readCorpusFile("step/as1-oc-214.stp"), "as1.stp");
    expect(components).toHaveLength(18);
    expect(components.map((c) => c.name)).toContain("rod");
    expect(geometry.bbox_mm).toEqual({ x: 200, y: 150, z: 84 });
  });

  it("reads IGES and BREP versions of the same assembly to the same volume", async () => {
    const iges = await analyzeMesh(readCorpusFile("step/as1_pe_203.igs"), "as1.igs");
    const brep = await analyzeMesh(readCorpusFile("step/as1_pe_203.brep"), "as1.brep");
    expect(iges.format).toBe("iges");
    expect(brep.format).toBe("brep");
    expect(brep.geometry.units).toBe("assumed_mm");
    expectClose(iges.geometry.volume_cm3, brep.geometry.volume_cm3, 1e-3);
  });

  describe("bad input", () => {
    it("terminates the worker at the time limit", async () => {
      const started = Date.now();
      await expectAppError(
        analyzeMesh(readCorpusFile("step/as1-oc-214.stp"), "as1.stp", { stepTimeoutMs: 50 }),
        "unreadable_file",
        /took longer than 0 s to tessellate/,
      );
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it("rejects a damaged STEP file", async () => {
      await expectAppError(
        analyzeMesh(toBytes("ISO-10303-21;\nHEADER;\nthis is not step\n"), "broken.step"),
        "unreadable_file",
        /OpenCascade could not read this STEP file|no triangles/,
      );
    });
  });
});
