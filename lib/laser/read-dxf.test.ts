import { describe, expect, it } from "vitest";
import { bytesOf, dxf, dxfDocument } from "./testing/dxf-builder";
import { readDxf } from "./read-dxf";

const entitiesOf = (text: string) => [...readDxf(bytesOf(text)).entities];

describe("the DXF line scan", () => {
  const doc = dxfDocument({
    insunits: 4,
    entities: [
      dxf.line(0, 0, 10, 0),
      dxf.circle(5, 5, 2, { layer: "HOLES" }),
      dxf.lwpolyline(
        [
          [0, 0, 0.5],
          [3, 4],
        ],
        true,
      ),
    ],
  });

  it("reads CRLF lines, a byte order mark, spaces around codes and no final newline alike", () => {
    const expected = entitiesOf(doc);
    expect(expected.map((e) => e.type)).toEqual(["line", "arc", "polyline"]);
    expect(entitiesOf(doc.replace(/\n/g, "\r\n"))).toEqual(expected);
    expect(entitiesOf("\ufeff" + doc)).toEqual(expected);
    expect(entitiesOf(doc.replace(/^ +(\d+)$/gm, "  $1  "))).toEqual(expected);
    expect(entitiesOf(doc.replace(/\n$/, ""))).toEqual(expected);
    expect(readDxf(bytesOf(doc)).insunits).toBe(4);
  });

  it("names the first line that should hold a group code and does not", () => {
    const lines = doc.split("\n");
    // Lines are numbered from 1; codes sit on the odd ones. Damage the code of the fourth pair (line 7).
    expect(lines[6].trim()).toMatch(/^-?\d+$/);
    for (const damage of ["x9", "9x", "1 2", "- 9", ""]) {
      const damaged = [...lines.slice(0, 6), damage, ...lines.slice(7)].join("\n");
      expect(() => readDxf(bytesOf(damaged))).toThrow(
        expect.objectContaining({
          code: "unreadable_file",
          message: `The DXF file is damaged: line 7 should hold a group code but holds "${damage.trim()}".`,
        }),
      );
    }
  });

  it("leaves a last code line without its value alone, as a reader of pairs must", () => {
    expect(entitiesOf(doc + "junk")).toEqual(entitiesOf(doc));
    expect(entitiesOf(doc + "-12\r")).toEqual(entitiesOf(doc));
  });
});
