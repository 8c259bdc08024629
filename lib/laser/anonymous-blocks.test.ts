import { describe, expect, it } from "vitest";
import { analyzeDrawing } from "./index";
import { bytesOf, dxf, dxfDocument } from "./testing/dxf-builder";

/** A 100 × 60 plate: cut 320 mm, one pierce. */
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
];

/** Two lines drawn 200 mm right of the plate: a table's grid or a dimension's lines, 2 × 50 mm if they were cut. */
const LINES = [dxf.line(200, 0, 250, 0), dxf.line(200, 10, 250, 10)];

async function analyzeAll(block: string, extra: string[] = [], includeIgnored = false) {
  const text = dxfDocument({
    insunits: 4,
    blocks: [{ name: block, entities: [...LINES, ...extra] }],
    entities: [...PLATE, dxf.insert(block, 0, 0)],
  });
  return analyzeDrawing(bytesOf(text), "plate.dxf", { includeIgnored });
}
const analyze = async (block: string, extra: string[] = []) => (await analyzeAll(block, extra)).geometry;

describe("anonymous blocks that draw annotation (what R13/R14 keep of tables and arc dimensions)", () => {
  it("a table's block *T<n> is not cut, counted once as a table", async () => {
    const g = await analyze("*T14");
    expect(g.cut_length_mm).toBeCloseTo(320, 9);
    expect(g.pierce_count).toBe(1);
    expect(g.ignored.table).toBe(1);
  });

  it("the viewer still gets the table's lines, flagged as not cut, and the figures do not change", async () => {
    const shown = await analyzeAll("*T14", [], true);
    expect(shown.geometry).toEqual(await analyze("*T14"));
    const table = shown.contours.filter((c) => c.ignored === "table");
    expect(table.map((c) => c.length_mm)).toEqual([50, 50]);
  });

  it("an anonymous block with definition points on DEFPOINTS is a dimension, not cut", async () => {
    const g = await analyze("*X15", [dxf.point(200, 0, { layer: "DEFPOINTS" })]);
    expect(g.cut_length_mm).toBeCloseTo(320, 9);
    expect(g.ignored.dimension).toBe(1);
  });

  it("other anonymous blocks are cut: a named or *U block without DEFPOINTS points", async () => {
    for (const [name, extra] of [
      ["*U3", [dxf.point(200, 0)]],
      ["*X7", []],
      ["TABLE_TOP", [dxf.point(200, 0, { layer: "DEFPOINTS" })]],
    ] as const) {
      const g = await analyze(name, [...extra]);
      expect(g.cut_length_mm).toBeCloseTo(320 + 2 * 50, 9);
      expect(g.pierce_count).toBe(3);
    }
  });
});
