import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { analyzeDrawing, DEFAULT_NON_CUT_LAYER_PATTERNS } from "./index";
import { bytesOf, dxf, dxfDocument, type DxfDocumentSpec } from "./testing/dxf-builder";

const PYTHON = "/usr/bin/python3";
const hasEzdxf = spawnSync(PYTHON, ["-c", "import ezdxf"]).status === 0;

// AutoCAD's acad.lin patterns (drawing units): CENTER long dash, gap, short dash, gap; HIDDEN dash, gap.
const LINETYPES = [
  { name: "CONTINUOUS", pattern: [] },
  { name: "CENTER", pattern: [31.75, -6.35, 6.35, -6.35] },
  { name: "HIDDEN", pattern: [6.35, -3.175] },
  { name: "SOLID_CUT", pattern: [] },
];

/** A 100 × 60 plate with a Ø20 hole at (50, 30): cut 2·(100 + 60) + 20π, two pierces. */
const PLATE = [
  dxf.lwpolyline(
    [
      [0, 0],
      [100, 0],
      [100, 60],
      [0, 60],
    ],
    true,
  ),
  dxf.circle(50, 30, 10),
];
const PLATE_CUT = 320 + 20 * Math.PI;

/** Centre lines through the hole, running 5 mm past the plate's edges as drafters draw them. */
const centreLines = (c: { layer?: string; linetype?: string } = {}) => [
  dxf.line(-5, 30, 105, 30, c),
  dxf.line(50, -5, 50, 65, c),
];

/** A centre mark: two lines crossing at (x, y), each 2·half long. */
const cross = (x: number, y: number, half: number) => [
  dxf.line(x - half, y, x + half, y),
  dxf.line(x, y - half, x, y + half),
];

async function analyze(spec: Omit<DxfDocumentSpec, "insunits">, includeIgnored = false) {
  return analyzeDrawing(bytesOf(dxfDocument({ insunits: 4, linetypes: LINETYPES, ...spec })), "plate.dxf", {
    includeIgnored,
  });
}

describe("centre, hidden and phantom lines are not cut", () => {
  it("centre lines in the CENTER linetype on layer 0 (by entity)", async () => {
    const { geometry: g } = await analyze({ entities: [...PLATE, ...centreLines({ linetype: "CENTER" })] });
    expect(g.cut_length_mm).toBeCloseTo(PLATE_CUT, 9);
    expect(g.pierce_count).toBe(2);
    expect(g.bbox_mm).toEqual({ x: 100, y: 60 });
    expect(g.ignored.linetype).toBe(2);
  });

  it.each(["CENTER", "SUMBU", "Garis Sumbu", "hidden", "TERSEMBUNYI"])(
    "the same lines, continuous, on a layer named %s",
    async (layer) => {
      const { geometry: g } = await analyze({
        layers: [{ name: layer, linetype: "CONTINUOUS" }],
        entities: [...PLATE, ...centreLines({ layer })],
      });
      expect(g.cut_length_mm).toBeCloseTo(PLATE_CUT, 9);
      expect(g.pierce_count).toBe(2);
      expect(g.ignored.layer).toBe(2);
    },
  );

  it("by layer: a layer with any name whose linetype is dashed", async () => {
    const { geometry: g } = await analyze({
      layers: [{ name: "AXES", linetype: "HIDDEN" }],
      entities: [...PLATE, ...centreLines({ layer: "AXES" })],
    });
    expect(g.cut_length_mm).toBeCloseTo(PLATE_CUT, 9);
    expect(g.ignored.linetype).toBe(2);
  });

  it("by block: BYBLOCK lines take the INSERT's linetype; layer-0 BYLAYER lines its layer's", async () => {
    const blocks = [{ name: "MARK", entities: centreLines({ linetype: "BYBLOCK" }) }];
    const byBlock = await analyze({ blocks, entities: [...PLATE, dxf.insert("MARK", 0, 0, { linetype: "CENTER" })] });
    expect(byBlock.geometry.cut_length_mm).toBeCloseTo(PLATE_CUT, 9);
    expect(byBlock.geometry.ignored.linetype).toBe(2);

    const onLayer = await analyze({
      layers: [{ name: "AXES", linetype: "CENTER" }],
      blocks: [{ name: "MARK", entities: centreLines() }],
      entities: [...PLATE, dxf.insert("MARK", 0, 0, { layer: "AXES" })],
    });
    expect(onLayer.geometry.ignored.linetype).toBe(2);
  });

  it("continuous linetypes are cut, whatever their name: the LTYPE table decides", async () => {
    const { geometry: g } = await analyze({
      entities: [...PLATE, dxf.line(120, 0, 150, 0, { linetype: "SOLID_CUT" }), dxf.line(120, 10, 150, 10)],
    });
    expect(g.cut_length_mm).toBeCloseTo(PLATE_CUT + 60, 9);
    expect(g.pierce_count).toBe(4);
  });

  it("a BYBLOCK line placed straight in model space is continuous", async () => {
    const { geometry: g } = await analyze({ entities: [dxf.line(0, 0, 30, 0, { linetype: "BYBLOCK" })] });
    expect(g.cut_length_mm).toBeCloseTo(30, 9);
  });
});

describe("annotation geometry outside the material is not cut", () => {
  /** An L-shaped plate: 100 × 60 less the 70 × 30 corner above y = 30 right of x = 30. */
  const L_PLATE = dxf.lwpolyline(
    [
      [0, 0],
      [100, 0],
      [100, 30],
      [30, 30],
      [30, 60],
      [0, 60],
    ],
    true,
  );
  const L_CUT = 2 * (100 + 60);

  it("a centre cross inside a hole", async () => {
    const { geometry: g } = await analyze({ entities: [...PLATE, ...cross(50, 30, 5)] });
    expect(g.cut_length_mm).toBeCloseTo(PLATE_CUT, 9);
    expect(g.pierce_count).toBe(2);
    expect(g.open_contours).toBe(0);
    expect(g.ignored.annotation).toBe(2);
    expect(g.warnings.map((w) => w.code)).not.toContain("OPEN_CONTOUR");
  });

  it("a cross in the notch of an L-shaped plate, inside its outline's box", async () => {
    const { geometry: g } = await analyze({ entities: [L_PLATE, ...cross(70, 50, 5)] });
    expect(g.cut_length_mm).toBeCloseTo(L_CUT, 9);
    expect(g.pierce_count).toBe(1);
    expect(g.ignored.annotation).toBe(2);
  });

  it("open paths that enter the material, or lie away from every part, are still cut", async () => {
    const engraving = dxf.line(10, 10, 20, 10);
    const crossing = dxf.line(20, 45, 40, 45); // from the material into the notch
    const apart = dxf.line(200, 0, 250, 0);
    const { geometry: g } = await analyze({ entities: [L_PLATE, engraving, crossing, apart] });
    expect(g.cut_length_mm).toBeCloseTo(L_CUT + 10 + 20 + 50, 9);
    expect(g.pierce_count).toBe(4);
    expect(g.ignored.annotation).toBeUndefined();
    expect(g.bbox_mm).toEqual({ x: 250, y: 60 });
  });

  it("a drawing of open lines only is cut as drawn", async () => {
    const { geometry: g } = await analyze({ entities: cross(0, 0, 5) });
    expect(g.cut_length_mm).toBeCloseTo(20, 9);
    expect(g.pierce_count).toBe(2);
  });
});

describe("what is not cut, for the viewer", () => {
  it("is returned as contours flagged with the reason, leaving every figure unchanged", async () => {
    const spec = {
      layers: [{ name: "DIM", linetype: "CONTINUOUS" }],
      entities: [
        ...PLATE,
        ...centreLines({ linetype: "CENTER" }),
        ...cross(50, 30, 5).slice(0, 1),
        dxf.line(0, -9, 100, -9, { layer: "DIM" }),
        dxf.lwpolyline(
          [
            [-20, -20],
            [120, -20],
            [120, 80],
            [-20, 80],
          ],
          true,
          { layer: "BORDER" },
        ),
      ],
    };
    const plain = await analyze(spec);
    const shown = await analyze(spec, true);
    expect(shown.geometry).toEqual(plain.geometry);
    expect(plain.contours.every((c) => c.ignored === undefined)).toBe(true);
    const ignored = shown.contours.filter((c) => c.ignored !== undefined);
    expect(ignored.map((c) => c.ignored).sort()).toEqual(["annotation", "layer", "layer", "linetype", "linetype"]);
    expect(ignored.map((c) => c.length_mm).sort((a, b) => a - b)).toEqual(
      [10, 70, 100, 110, 480].map((v) => expect.closeTo(v, 9)),
    );
    // The border is drawn all round: its four corners and back to the first.
    expect(ignored.find((c) => c.layer === "BORDER")!.points).toEqual([-20, -20, 120, -20, 120, 80, -20, 80, -20, -20]);
    expect(shown.contours.filter((c) => c.ignored === undefined)).toEqual(plain.contours);
  });
});

describe("the ezdxf reference applies the same rules", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "bengkel-noncut-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.runIf(hasEzdxf)("on a plate with centre lines by entity, layer and block, and centre crosses", async () => {
    const spec: DxfDocumentSpec = {
      insunits: 4,
      linetypes: LINETYPES,
      layers: [
        { name: "0", linetype: "CONTINUOUS" },
        { name: "AXES", linetype: "HIDDEN" },
        { name: "SUMBU", linetype: "CONTINUOUS" },
      ],
      blocks: [{ name: "MARK", entities: centreLines({ linetype: "BYBLOCK" }) }],
      // POLYLINE, not LWPOLYLINE: without $ACADVER ezdxf reads the file as R12.
      entities: [
        dxf.polyline(
          [
            [0, 0],
            [100, 0],
            [100, 60],
            [0, 60],
          ],
          true,
        ),
        dxf.circle(50, 30, 10),
        ...centreLines({ linetype: "CENTER" }),
        ...centreLines({ layer: "AXES" }),
        ...centreLines({ layer: "SUMBU" }),
        dxf.insert("MARK", 0, 0, { linetype: "CENTER" }),
        ...cross(50, 30, 5),
        dxf.line(10, 10, 20, 10),
      ],
    };
    const file = path.join(dir, "plate.dxf");
    writeFileSync(file, dxfDocument(spec));
    const run = spawnSync(
      PYTHON,
      ["tools/ezdxf-reference.py", file, "--non-cut", DEFAULT_NON_CUT_LAYER_PATTERNS.join(",")],
      { encoding: "utf8" },
    );
    expect(run.stderr).toBe("");
    const ref = JSON.parse(run.stdout) as { cut_length_mm: number; pierce_count: number };
    const { geometry: g } = await analyzeDrawing(bytesOf(dxfDocument(spec)), "plate.dxf");
    expect(ref.pierce_count).toBe(3);
    expect(g.pierce_count).toBe(ref.pierce_count);
    expect(g.cut_length_mm).toBeCloseTo(ref.cut_length_mm, 3);
    expect(g.cut_length_mm).toBeCloseTo(PLATE_CUT + 10, 9);
  });
});
