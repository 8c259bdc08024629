import { describe, expect, it } from "vitest";
import { DomainError, type ErrorCode } from "@/lib/errors";
import { convertDwgDrawing } from "./dwg-entities";
import { explodeDrawing, MAX_BLOCK_DEPTH, MAX_EXPLODED_ENTITIES } from "./explode-entities";
import { analyzeDrawing } from "./index";
import { bytesOf, dxf, dxfDocument } from "./testing/dxf-builder";

// Explosion bombs, generated here: each must be refused before it is expanded. No timing assertions:
// a bomb that got through would blow the test timeout (or the heap) instead.

async function refusal(text: string, code: ErrorCode): Promise<DomainError> {
  const bytes = bytesOf(text);
  const error = await analyzeDrawing(bytes, "bomb.dxf").then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe(code);
  return error as DomainError;
}

/** Blocks L1 … Ln, each inserting the next `fanOut` times; the last holds `leaf`. Model space inserts L1 once. */
function insertTree(levels: number, fanOut: number, leaf: string[]): string {
  const blocks = Array.from({ length: levels }, (_, k) => ({
    name: `L${k + 1}`,
    entities: k + 1 < levels ? Array.from({ length: fanOut }, (_, i) => dxf.insert(`L${k + 2}`, i, 0)) : leaf,
  }));
  return dxfDocument({ blocks, entities: [dxf.insert("L1", 0, 0)] });
}

/** Blocks C0 → C1 → … → C(n-1), one INSERT each; the last one holds a 10 mm square. */
function insertChain(length: number): string {
  const blocks = Array.from({ length }, (_, k) => ({
    name: `C${k}`,
    entities:
      k + 1 < length
        ? [dxf.insert(`C${k + 1}`, 0, 0)]
        : [
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
  }));
  return dxfDocument({ blocks, entities: [dxf.insert("C0", 0, 0)] });
}

describe("explosion budgets (nested and arrayed INSERTs)", () => {
  it.each([
    ["POINT", [dxf.point(0, 0)]],
    ["TEXT", [dxf.text(0, 0, "x")]],
    ["nothing (empty block)", []],
  ])("a tree of 8 blocks each inserting the next 10 times, ending in %s → drawing_too_complex", async (_, leaf) => {
    const text = insertTree(8, 10, leaf);
    expect(text.length).toBeLessThan(20_000);
    const e = await refusal(text, "drawing_too_complex");
    expect(e.message).toContain(MAX_EXPLODED_ENTITIES.toLocaleString("en"));
    expect(e.message).toMatch(/Explode the blocks or simplify the drawing/);
    expect(e.details).toMatchObject({ max_entities: MAX_EXPLODED_ENTITIES, block: "L1" });
  });

  it("a ~200-byte DXF whose INSERT is a 100,000 × 100,000 array → refused before any cell is built", async () => {
    const text = [
      "0",
      "SECTION",
      "2",
      "BLOCKS",
      "0",
      "BLOCK",
      "2",
      "B",
      "10",
      "0",
      "20",
      "0",
      "0",
      "LINE",
      "10",
      "0",
      "20",
      "0",
      "11",
      "1",
      "21",
      "0",
      "0",
      "ENDBLK",
      "0",
      "ENDSEC",
      "0",
      "SECTION",
      "2",
      "ENTITIES",
      "0",
      "INSERT",
      "2",
      "B",
      "10",
      "0",
      "20",
      "0",
      "70",
      "100000",
      "71",
      "100000",
      "44",
      "2",
      "45",
      "2",
      "0",
      "ENDSEC",
      "0",
      "EOF",
      "",
    ].join("\n");
    expect(text.length).toBeLessThan(250);
    const e = await refusal(text, "drawing_too_complex");
    expect(e.message).toMatch(/block "B" is inserted too many times/);
  });

  it("arrays each within the budget add up: model space is charged INSERT by INSERT", async () => {
    // 1200 × 1100 cells of (INSERT + POINT): 2.64 million each, over the budget together.
    const dot = { name: "DOT", entities: [dxf.point(0, 0)] };
    const arrays = [0, 1].map((k) =>
      dxf.insert("DOT", 0, k * 1e4, { columns: 1200, rows: 1100, columnSpacing: 2, rowSpacing: 2 }),
    );
    const e = await refusal(
      dxfDocument({
        blocks: [dot],
        entities: [
          dxf.lwpolyline(
            [
              [0, 0],
              [9, 0],
              [9, 9],
            ],
            true,
          ),
          ...arrays,
        ],
      }),
      "drawing_too_complex",
    );
    expect(e.details).toMatchObject({ block: "DOT" });
  });

  it("a real array within the budget is still measured", async () => {
    const hole = { name: "HOLE", entities: [dxf.circle(0, 0, 2)] };
    const plate = dxf.lwpolyline(
      [
        [0, 0],
        [1000, 0],
        [1000, 1000],
        [0, 1000],
      ],
      true,
    );
    const bytes = bytesOf(
      dxfDocument({
        blocks: [hole],
        entities: [plate, dxf.insert("HOLE", 5, 5, { columns: 100, rows: 100, columnSpacing: 10, rowSpacing: 10 })],
      }),
    );
    const { geometry } = await analyzeDrawing(bytes, "perforated.dxf");
    expect(geometry).toMatchObject({ pierce_count: 10_001, holes: 10_000, parts: 1 });
  });

  it(`blocks nested ${MAX_BLOCK_DEPTH} levels deep are read; one level more → drawing_too_complex`, async () => {
    const { geometry } = await analyzeDrawing(bytesOf(insertChain(MAX_BLOCK_DEPTH)), "deep.dxf");
    expect(geometry.cut_length_mm).toBeCloseTo(40, 9);
    const e = await refusal(insertChain(MAX_BLOCK_DEPTH + 1), "drawing_too_complex");
    expect(e.message).toContain(`more than ${MAX_BLOCK_DEPTH} levels deep`);
    expect(e.details).toMatchObject({ max_block_depth: MAX_BLOCK_DEPTH });
  });

  it("a chain of 10,000 blocks fails at the depth limit, not with a stack overflow", async () => {
    await refusal(insertChain(10_000), "drawing_too_complex");
  });

  it("a block inserting itself (A → A, and A → B → A) → unreadable_file naming the cycle", async () => {
    const self = dxfDocument({
      blocks: [{ name: "A", entities: [dxf.line(0, 0, 1, 0), dxf.insert("A", 1, 0), dxf.insert("A", 0, 1)] }],
      entities: [dxf.insert("A", 0, 0)],
    });
    expect((await refusal(self, "unreadable_file")).message).toMatch(/Block "A" inserts itself \("A" → "A"\)/);
    const pair = dxfDocument({
      blocks: [
        { name: "A", entities: [dxf.line(0, 0, 1, 0), dxf.insert("B", 1, 0)] },
        { name: "B", entities: [dxf.insert("A", 1, 0)] },
      ],
      entities: [dxf.insert("A", 0, 0)],
    });
    expect((await refusal(pair, "unreadable_file")).message).toMatch(/"A" → "B" → "A"/);
  });

  it("a cycle among blocks that are never inserted does not matter", async () => {
    const text = dxfDocument({
      blocks: [{ name: "A", entities: [dxf.insert("A", 0, 0)] }],
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
    });
    expect((await analyzeDrawing(bytesOf(text), "part.dxf")).geometry.pierce_count).toBe(1);
  });

  it("DWG entities go through the same budget (a 100,000 × 100,000 array from LibreDWG)", () => {
    const model = convertDwgDrawing({
      insunits: 4,
      measurement: 1,
      entities: [
        {
          type: "INSERT",
          name: "B",
          insertionPoint: { x: 0, y: 0 },
          columnCount: 100_000,
          rowCount: 100_000,
          columnSpacing: 1,
          rowSpacing: 1,
        },
      ],
      blocks: [{ name: "B", entities: [{ type: "POINT", position: { x: 0, y: 0 } }] }],
    });
    expect(() => explodeDrawing(model, 1, [])).toThrow(expect.objectContaining({ code: "drawing_too_complex" }));
  });
});
