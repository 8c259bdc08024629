import { describe, expect, it } from "vitest";
import { analyzeDrawing } from "./index";
import { bytesOf, dxf, dxfDocument, type DxfDocumentSpec } from "./testing/dxf-builder";

const analyze = (spec: DxfDocumentSpec, options = {}) =>
  analyzeDrawing(bytesOf(dxfDocument(spec)), "part.dxf", options);
const codes = (g: { warnings: { code: string }[] }) => g.warnings.map((w) => w.code);

/** 100 × 60 plate, drawn as one closed polyline. */
const plate = (c = {}) =>
  dxf.lwpolyline(
    [
      [0, 0],
      [100, 0],
      [100, 60],
      [0, 60],
    ],
    true,
    c,
  );

describe("rectangles", () => {
  it("one closed polyline: perimeter, one pierce, area, extent", async () => {
    const { geometry: g, contours } = await analyze({ insunits: 4, entities: [plate()] });
    expect(g.cut_length_mm).toBeCloseTo(320, 9);
    expect(g.pierce_count).toBe(1);
    expect(g.area_cm2).toBeCloseTo(60, 9);
    expect(g.bbox_mm).toEqual({ x: 100, y: 60 });
    expect([g.contours, g.open_contours, g.parts, g.holes]).toEqual([1, 0, 1, 0]);
    expect(g.units).toBe("millimeter");
    expect(g.warnings).toEqual([]);
    expect(contours).toHaveLength(1);
    expect(contours[0]).toMatchObject({ closed: true, role: "outer" });
  });

  it("four LINEs scrambled and reversed still make one closed contour", async () => {
    const { geometry: g } = await analyze({
      insunits: 4,
      entities: [dxf.line(100, 60, 100, 0), dxf.line(0, 0, 0, 60), dxf.line(100, 60, 0, 60), dxf.line(0, 0, 100, 0)],
    });
    expect(g.cut_length_mm).toBeCloseTo(320, 9);
    expect(g.pierce_count).toBe(1);
    expect(g.open_contours).toBe(0);
    expect(g.area_cm2).toBeCloseTo(60, 9);
  });

  it("joins endpoints within the 0.01 mm tolerance, not beyond", async () => {
    const gap = (d: number) =>
      analyze({
        entities: [
          dxf.line(0, 0, 100, 0),
          dxf.line(100 + d, 0, 100, 60),
          dxf.line(100, 60, 0, 60),
          dxf.line(0, 60, 0, 0),
        ],
      });
    expect((await gap(0.005)).geometry.open_contours).toBe(0);
    const open = (await gap(0.05)).geometry;
    expect(open.open_contours).toBe(1);
    expect(open.pierce_count).toBe(1);
    expect(codes(open)).toContain("OPEN_CONTOUR");
  });

  it("counts a line drawn twice (or overlapping) once and warns", async () => {
    const { geometry: g } = await analyze({ entities: [plate(), dxf.line(0, 0, 100, 0), dxf.line(20, 60, 70, 60)] });
    expect(g.cut_length_mm).toBeCloseTo(320, 9);
    expect(g.pierce_count).toBe(1);
    expect(codes(g)).toContain("DUPLICATE_LINES");
  });
});

describe("plates with holes", () => {
  it("subtracts circular holes, counts one pierce each, min feature = smallest diameter", async () => {
    const { geometry: g, contours } = await analyze({
      entities: [plate(), dxf.circle(20, 30, 5), dxf.circle(50, 30, 5), dxf.circle(80, 30, 2.5)],
    });
    expect(g.cut_length_mm).toBeCloseTo(320 + 2 * Math.PI * (5 + 5 + 2.5), 9);
    expect(g.pierce_count).toBe(4);
    expect(g.area_cm2).toBeCloseTo((6000 - Math.PI * (25 + 25 + 6.25)) / 100, 9);
    expect([g.parts, g.holes]).toEqual([1, 3]);
    expect(g.min_feature_mm).toBeCloseTo(5, 9);
    expect(contours.filter((c) => c.role === "hole")).toHaveLength(3);
  });

  it("an island inside a hole is a part again (even/odd nesting)", async () => {
    const { geometry: g } = await analyze({ entities: [plate(), dxf.circle(50, 30, 20), dxf.circle(50, 30, 10)] });
    expect([g.parts, g.holes]).toEqual([2, 1]);
    expect(g.area_cm2).toBeCloseTo((6000 - Math.PI * 400 + Math.PI * 100) / 100, 9);
    expect(codes(g)).toContain("MULTIPLE_PARTS");
  });

  it("obround slot of lines and arcs: length 2L + 2πr, min feature = slot width", async () => {
    // Slot centre line from (30,30) to (70,30), width 8.
    const slot = [
      dxf.line(30, 26, 70, 26),
      dxf.arc(70, 30, 4, -90, 90),
      dxf.line(70, 34, 30, 34),
      dxf.arc(30, 30, 4, 90, 270),
    ];
    const { geometry: g } = await analyze({ entities: [plate(), ...slot] });
    expect(g.pierce_count).toBe(2);
    expect(g.cut_length_mm).toBeCloseTo(320 + 80 + 8 * Math.PI, 9);
    expect(g.area_cm2).toBeCloseTo((6000 - (40 * 8 + Math.PI * 16)) / 100, 9);
    expect(g.min_feature_mm).toBeCloseTo(8, 9);
  });

  it("a circle whose start point another segment touches is chained with it, not taken alone", async () => {
    // CIRCLE starts at 0°: (60, 30). A line from there is one open contour with the circle.
    const touching = (await analyze({ entities: [plate(), dxf.circle(50, 30, 10), dxf.line(60, 30, 70, 30)] }))
      .geometry;
    expect([touching.pierce_count, touching.open_contours, touching.holes]).toEqual([2, 1, 0]);
    const apart = (await analyze({ entities: [plate(), dxf.circle(50, 30, 10), dxf.line(60.05, 30, 70, 30)] }))
      .geometry;
    expect([apart.pierce_count, apart.open_contours, apart.holes]).toEqual([3, 1, 1]);
  });

  it("circle contours keep drawing order and serialise like any other contour", async () => {
    // The middle hole is two half ARCs, so it goes through chaining between the two lone circles.
    const halves = [dxf.arc(50, 30, 4, 0, 180), dxf.arc(50, 30, 4, 180, 360)];
    const { contours } = await analyze({
      entities: [plate(), dxf.circle(20, 30, 5), ...halves, dxf.circle(80, 30, 3)],
    });
    expect(contours.map((c) => c.role)).toEqual(["outer", "hole", "hole", "hole"]);
    expect(contours.map((c) => c.length_mm / Math.PI)).toEqual(
      [320 / Math.PI, 10, 8, 6].map((v) => expect.closeTo(v, 9)),
    );
    const hole = JSON.parse(JSON.stringify(contours))[1];
    expect(Object.keys(hole)).toEqual(["points", "closed", "role", "length_mm", "layer"]);
    // Flat x, y pairs starting at 0°; a closed contour does not repeat its first point.
    expect(hole.points.slice(0, 2)).toEqual([25, 30]);
    expect(hole.points.length % 2).toBe(0);
    expect(hole.points.slice(-2)).not.toEqual([25, 30]);
    expect(hole.points).toEqual(contours[1].points);
    expect(hole.length_mm).toBeCloseTo(10 * Math.PI, 12);
  });

  it("warns about holes below 1 mm", async () => {
    const { geometry: g } = await analyze({ entities: [plate(), dxf.circle(50, 30, 0.3)] });
    expect(g.min_feature_mm).toBeCloseTo(0.6, 9);
    expect(codes(g)).toContain("TINY_FEATURES");
  });
});

describe("arcs and bulges", () => {
  it("an ARC crossing 0° sweeps counter-clockwise (350° → 10° is 20°, not −340°)", async () => {
    const { geometry: g } = await analyze({ entities: [dxf.arc(0, 0, 10, 350, 10)] });
    expect(g.cut_length_mm).toBeCloseTo((10 * 20 * Math.PI) / 180, 9);
    expect(g.bbox_mm.x).toBeCloseTo(10 - 10 * Math.cos((10 * Math.PI) / 180), 9);
  });

  it("bulge-rounded rectangle: straight sides plus four quarter circles", async () => {
    // 100 × 60 outline with corner radius 5: bulge tan(90°/4) on each corner.
    const b = Math.tan(Math.PI / 8);
    const pts: [number, number, number?][] = [
      [5, 0],
      [95, 0, b],
      [100, 5],
      [100, 55, b],
      [95, 60],
      [5, 60, b],
      [0, 55],
      [0, 5, b],
    ];
    for (const shape of [dxf.lwpolyline(pts, true), dxf.polyline(pts, true)]) {
      const { geometry: g } = await analyze({ entities: [shape] });
      expect(g.cut_length_mm).toBeCloseTo(2 * 90 + 2 * 50 + 2 * Math.PI * 5, 9);
      expect(g.area_cm2).toBeCloseTo((6000 - (4 - Math.PI) * 25) / 100, 9);
      expect(g.bbox_mm.x).toBeCloseTo(100, 9);
      expect(g.bbox_mm.y).toBeCloseTo(60, 9);
    }
  });

  it("extrusion (0,0,−1) mirrors X of an arc's OCS", async () => {
    // OCS arc centre (10, 0), 0°→90° seen from below: WCS centre (−10, 0), spanning x ∈ [−20, −10], y ∈ [0, 10].
    const { contours } = await analyze({ entities: [dxf.arc(10, 0, 10, 0, 90, { extrusion: [0, 0, -1] })] });
    const xs = contours[0].points.filter((_, k) => k % 2 === 0);
    const ys = contours[0].points.filter((_, k) => k % 2 === 1);
    expect(Math.min(...xs)).toBeCloseTo(-20, 6);
    expect(Math.max(...xs)).toBeCloseTo(-10, 6);
    expect(Math.min(...ys)).toBeCloseTo(0, 6);
    expect(Math.max(...ys)).toBeCloseTo(10, 6);
  });
});

describe("ellipses and splines", () => {
  it("full ellipse length matches Ramanujan's perimeter", async () => {
    const a = 40;
    const b = 15;
    const h = (a - b) ** 2 / (a + b) ** 2;
    const ramanujan = Math.PI * (a + b) * (1 + (3 * h) / (10 + Math.sqrt(4 - 3 * h)));
    const { geometry: g } = await analyze({ entities: [dxf.ellipse(0, 0, a, 0, b / a)] });
    expect(Math.abs(g.cut_length_mm - ramanujan) / ramanujan).toBeLessThan(1e-6);
    expect(g.bbox_mm.x).toBeCloseTo(2 * a, 3);
    expect(g.bbox_mm.y).toBeCloseTo(2 * b, 3);
    expect(g.area_cm2).toBeCloseTo((Math.PI * a * b) / 100, 3);
  });

  it("half ellipse is half the perimeter (by symmetry)", async () => {
    const full = (await analyze({ entities: [dxf.ellipse(0, 0, 30, 10, 0.5)] })).geometry.cut_length_mm;
    const half = (await analyze({ entities: [dxf.ellipse(0, 0, 30, 10, 0.5, 0, Math.PI)] })).geometry.cut_length_mm;
    expect(half).toBeCloseTo(full / 2, 6);
  });

  it("a rational quadratic spline with weights 1, √2/2, 1 is an exact quarter circle", async () => {
    const w = Math.SQRT1_2;
    const { geometry: g } = await analyze({
      entities: [
        dxf.spline(
          2,
          [0, 0, 0, 1, 1, 1],
          [
            [10, 0],
            [10, 10],
            [0, 10],
          ],
          [1, w, 1],
        ),
      ],
    });
    expect(g.cut_length_mm).toBeCloseTo((Math.PI * 10) / 2, 4);
    expect(g.bbox_mm.x).toBeCloseTo(10, 4);
  });

  it("a degree-1 spline is its control polygon", async () => {
    const { geometry: g } = await analyze({
      entities: [
        dxf.spline(
          1,
          [0, 0, 1, 2, 2],
          [
            [0, 0],
            [30, 0],
            [30, 40],
          ],
        ),
      ],
    });
    expect(g.cut_length_mm).toBeCloseTo(70, 6);
  });
});

describe("blocks", () => {
  const square = {
    name: "SQ",
    base: [5, 5] as [number, number],
    entities: [
      dxf.lwpolyline(
        [
          [0, 0],
          [10, 0],
          [10, 10],
          [0, 10],
        ],
        true,
      ),
    ],
  };

  it("scale, rotation, mirror and base point", async () => {
    const { geometry: g } = await analyze({
      blocks: [square],
      entities: [dxf.insert("SQ", 100, 100, { sx: 2, sy: 2, rotation: 45 }), dxf.insert("SQ", 0, 0, { sx: -1, sy: 1 })],
    });
    expect(g.cut_length_mm).toBeCloseTo(80 + 40, 9);
    expect(g.area_cm2).toBeCloseTo((400 + 100) / 100, 9);
    expect(g.parts).toBe(2);
  });

  it("nested blocks with non-uniform scale turn circles into ellipses", async () => {
    const { geometry: g } = await analyze({
      blocks: [
        { name: "C", entities: [dxf.circle(0, 0, 10)] },
        { name: "OUTER", entities: [dxf.insert("C", 0, 0, { sx: 2, sy: 1 })] },
      ],
      entities: [dxf.insert("OUTER", 50, 50)],
    });
    expect(g.bbox_mm.x).toBeCloseTo(40, 3);
    expect(g.bbox_mm.y).toBeCloseTo(20, 3);
    expect(g.area_cm2).toBeCloseTo((Math.PI * 20 * 10) / 100, 3);
  });

  it("row/column arrays (MINSERT)", async () => {
    const { geometry: g } = await analyze({
      blocks: [square],
      entities: [dxf.insert("SQ", 0, 0, { columns: 3, rows: 2, columnSpacing: 20, rowSpacing: 15 })],
    });
    expect(g.pierce_count).toBe(6);
    expect(g.cut_length_mm).toBeCloseTo(6 * 40, 9);
    expect(g.bbox_mm).toEqual({ x: 50, y: 25 });
  });
});

describe("units", () => {
  it("applies $INSUNITS: a 4 × 2 inch plate is 101.6 × 50.8 mm", async () => {
    const { geometry: g } = await analyze({
      insunits: 1,
      entities: [
        dxf.lwpolyline(
          [
            [0, 0],
            [4, 0],
            [4, 2],
            [0, 2],
          ],
          true,
        ),
      ],
    });
    expect(g.units).toBe("inch");
    expect(g.cut_length_mm).toBeCloseTo(12 * 25.4, 9);
    expect(g.area_cm2).toBeCloseTo((8 * 25.4 * 25.4) / 100, 9);
    expect(codes(g)).not.toContain("UNIT_SUSPECT");
  });

  it.each([
    [2, 304.8],
    [5, 10],
    [6, 1000],
  ])("INSUNITS %i scales by %f", async (code, mm) => {
    const { geometry: g } = await analyze({ insunits: code, entities: [dxf.line(0, 0, 1, 0)] });
    expect(g.cut_length_mm).toBeCloseTo(mm, 9);
  });

  it("unitless and inch-sized: read as mm with UNIT_SUSPECT", async () => {
    const { geometry: g } = await analyze({
      entities: [
        dxf.lwpolyline(
          [
            [0, 0],
            [4, 0],
            [4, 2],
            [0, 2],
          ],
          true,
        ),
      ],
    });
    expect(g.units).toBe("assumed_mm");
    expect(g.cut_length_mm).toBeCloseTo(12, 9);
    expect(codes(g)).toContain("UNIT_SUSPECT");
  });
});

describe("not cut", () => {
  it("text, dimensions, hatches, points and non-cut layers are counted, not cut", async () => {
    const { geometry: g } = await analyze({
      entities: [
        plate(),
        dxf.text(10, 10, "PART-1"),
        dxf.mtext(10, 20, "note"),
        dxf.dimension(0, 0, 100, 0),
        dxf.hatch(),
        dxf.point(5, 5),
        dxf.line(0, -20, 100, -20, { layer: "Dims" }),
        dxf.line(-50, -50, 500, 500, { layer: "TITLEBLOCK" }),
        dxf.line(0, 30, 100, 30, { layer: "BEND_UP" }),
      ],
    });
    expect(g.cut_length_mm).toBeCloseTo(320, 9);
    expect(g.bbox_mm).toEqual({ x: 100, y: 60 });
    expect(g.ignored).toEqual({ text: 2, dimension: 1, hatch: 1, point: 1, layer: 2 });
    expect(g.bend_lines).toBe(1);
    expect(codes(g)).toContain("TEXT_NOT_OUTLINED");
  });

  it("non-cut layer patterns are configurable", async () => {
    const { geometry: g } = await analyze(
      { entities: [plate(), dxf.line(0, 30, 100, 30, { layer: "ENGRAVE" })] },
      { nonCutLayerPatterns: ["ENGRAVE"] },
    );
    expect(g.cut_length_mm).toBeCloseTo(320, 9);
    expect(g.ignored).toEqual({ layer: 1 });
  });

  it("block entities on layer 0 take the INSERT's layer", async () => {
    const { geometry: g } = await analyze({
      blocks: [{ name: "NOTE", entities: [dxf.line(0, 0, 5, 0)] }],
      entities: [plate(), dxf.insert("NOTE", 0, 0, { layer: "ANNOTATION" })],
    });
    expect(g.cut_length_mm).toBeCloseTo(320, 9);
    expect(g.ignored).toEqual({ layer: 1 });
  });
});
