import { describe, expect, it } from "vitest";
import { isDomainError } from "@/lib/errors";
import { bytesOf, dxf, dxfDocument } from "./testing/dxf-builder";
import { readDxf } from "./read-dxf";
import { explodeDrawing } from "./explode-entities";
import { measureDrawing } from "./measure";
import { cutSegments } from "./lone-circle-path";
import { DEFAULT_NON_CUT_LAYER_PATTERNS } from "./non-cut-rules";
import { resolveUnits } from "./units";

const TOL = 0.01;

/** The whole measurement, from the reader on, with model space's plain circles kept as numbers or not. */
function measure(text: string, plainCircles: boolean, includeIgnored: boolean) {
  const model = readDxf(bytesOf(text), { plainCircles });
  const units = resolveUnits(model.insunits);
  const exploded = explodeDrawing(model, units.toMm, DEFAULT_NON_CUT_LAYER_PATTERNS, includeIgnored);
  try {
    // Serialised as a client gets it: a circle's polyline is built by its toJSON.
    return JSON.parse(JSON.stringify(measureDrawing({ exploded, units, measurement: model.measurement, tol: TOL })));
  } catch (error) {
    if (isDomainError(error)) return { error: error.code, message: error.message };
    throw error;
  }
}

/** Whether the circles stayed numbers through the measurement (the fast path), rather than merged back. */
function keptAsNumbers(text: string): boolean {
  const model = readDxf(bytesOf(text), { plainCircles: true });
  const exploded = explodeDrawing(model, resolveUnits(model.insunits).toMm, DEFAULT_NON_CUT_LAYER_PATTERNS);
  return cutSegments(exploded, TOL).circles !== null;
}

/** The general path (every circle an entity and a segment object) is the reference for the numeric one. */
function expectSameAsGeneral(text: string, numeric: boolean) {
  for (const includeIgnored of [false, true]) {
    const general = measure(text, false, includeIgnored);
    expect(measure(text, true, includeIgnored)).toStrictEqual(general);
  }
  expect(keptAsNumbers(text)).toBe(numeric);
  return measure(text, false, false);
}

const outline = (w: number, h: number) =>
  dxf.lwpolyline(
    [
      [0, 0],
      [w, 0],
      [w, h],
      [0, h],
    ],
    true,
  );

/** Holes of varied sizes on an uneven pitch, so no two share a rounded coordinate by construction. */
function holes(n: number, c: { layer?: string } = {}): string[] {
  return Array.from({ length: n }, (_, i) =>
    dxf.circle(7.3 + (i % 9) * 10.17, 6.1 + Math.floor(i / 9) * 9.83, 1.5 + (i % 4) * 0.37, c),
  );
}

describe("lone circles kept as numbers give exactly the general path's answer", () => {
  it("a sheet of holes in a polyline outline, in inches: numbers all the way", () => {
    const text = dxfDocument({ insunits: 1, entities: [outline(100, 80), ...holes(60)] });
    const result = expectSameAsGeneral(text, true);
    expect(result.geometry).toMatchObject({ pierce_count: 61, holes: 60, parts: 1, units: "inch" });
  });

  it("circles between lines, an old-style POLYLINE sequence, text and a washer (a hole's hole)", () => {
    const text = dxfDocument({
      entities: [
        dxf.circle(150, 40, 10),
        dxf.line(0, 0, 120, 0),
        dxf.circle(60, 40, 5),
        dxf.line(120, 0, 120, 80),
        dxf.polyline(
          [
            [120, 80],
            [0, 80],
          ],
          false,
        ),
        dxf.circle(150, 40, 4),
        dxf.text(10, 10, "PLATE"),
        dxf.line(0, 80, 0, 0),
        ...holes(12),
      ],
    });
    const result = expectSameAsGeneral(text, true);
    // Outline, the washer's rim (a second part), its hole, the 13 holes of the plate.
    expect(result.geometry).toMatchObject({ parts: 2, holes: 14, pierce_count: 16 });
  });

  it("an outline with arcs: merged back, the general path decides", () => {
    const text = dxfDocument({
      entities: [
        dxf.lwpolyline(
          [
            [0, 0],
            [100, 0, 0.4],
            [100, 80],
            [0, 80],
          ],
          true,
        ),
        ...holes(20),
      ],
    });
    expectSameAsGeneral(text, false);
    const withArc = dxfDocument({ entities: [dxf.arc(50, 50, 60, 0, 90), ...holes(5)] });
    expectSameAsGeneral(withArc, false);
  });

  it("a circle drawn twice and a circle touching a line: merged back", () => {
    const twice = dxfDocument({
      entities: [outline(100, 80), ...holes(10), dxf.circle(20, 20, 3), dxf.circle(20, 20, 3)],
    });
    const result = expectSameAsGeneral(twice, false);
    expect(result.geometry.warnings.map((w: { code: string }) => w.code)).toContain("DUPLICATE_LINES");
    // A line ending on the circle's first point (angle 0): the chainer may join them.
    const touching = dxfDocument({ entities: [outline(100, 80), dxf.circle(50, 40, 5), dxf.line(55, 40, 70, 40)] });
    expectSameAsGeneral(touching, false);
  });

  it("a circle 20 m from the part (stray geometry): merged back", () => {
    const text = dxfDocument({ entities: [outline(100, 80), ...holes(10), dxf.circle(20_000, 0, 5)] });
    const result = expectSameAsGeneral(text, false);
    expect(result.geometry.ignored.stray).toBe(1);
  });

  it("circles that are not cut or not plain go the general way, each in its place", () => {
    const paperSpace = "  0\nCIRCLE\n  8\n0\n 67\n1\n 10\n5\n 20\n5\n 30\n0\n 40\n2\n";
    const text = dxfDocument({
      linetypes: [{ name: "CENTER", pattern: [12.7, -6.35, 1.27, -6.35] }],
      layers: [
        { name: "HOLES", linetype: "CONTINUOUS" },
        { name: "AXES", linetype: "CENTER" },
      ],
      blocks: [{ name: "BOLT", entities: [dxf.circle(0, 0, 2)] }],
      entities: [
        outline(100, 80),
        dxf.circle(10, 10, 3, { layer: "HOLES" }),
        dxf.circle(20, 10, 3, { layer: "SUMBU" }),
        dxf.circle(30, 10, 3, { layer: "BEND" }),
        dxf.circle(40, 10, 3, { layer: "AXES" }),
        dxf.circle(50, 10, 3, { linetype: "CENTER" }),
        dxf.circle(60, 10, 3, { extrusion: [0, 0, -1] }),
        dxf.circle(70, 10, 0),
        paperSpace,
        dxf.insert("BOLT", 80, 10),
        dxf.circle(90, 10, 3, { layer: "HOLES" }),
      ],
    });
    const result = expectSameAsGeneral(text, false);
    expect(result.geometry.ignored).toMatchObject({ layer: 1, linetype: 2, paper_space: 1 });
    expect(result.geometry.bend_lines).toBe(1);
    // Without the extruded circle and the block, the plain ones that are cut stay numbers.
    const plainOnly = dxfDocument({
      linetypes: [{ name: "CENTER", pattern: [12.7, -6.35, 1.27, -6.35] }],
      layers: [{ name: "AXES", linetype: "CENTER" }],
      entities: [
        outline(100, 80),
        dxf.circle(10, 10, 3),
        dxf.circle(40, 10, 3, { layer: "AXES" }),
        dxf.circle(70, 10, 0),
      ],
    });
    expectSameAsGeneral(plainOnly, true);
  });

  it("nothing but circles that are not cut: the same empty_geometry", () => {
    const text = dxfDocument({ entities: holes(3, { layer: "CENTER" }) });
    expect(measure(text, true, false)).toStrictEqual(measure(text, false, false));
    expect(measure(text, true, false)).toMatchObject({ error: "empty_geometry" });
  });
});
