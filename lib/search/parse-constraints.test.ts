import { describe, expect, it } from "vitest";
import { parseConstraints } from "./parse-constraints";

const only = (q: string) =>
  parseConstraints(q).constraints.map(({ attribute, op, value, max }) => ({
    attribute,
    op,
    value,
    ...(max !== undefined && { max }),
  }));

describe("parseConstraints", () => {
  it("reads comparisons with units in both languages", () => {
    expect(only("bracket under 50 mm")).toEqual([{ attribute: "size", op: "lt", value: 50 }]);
    expect(only("lebih kecil dari 10 cm")).toEqual([{ attribute: "size", op: "lt", value: 100 }]);
    expect(only("parts heavier than 100 g in PETG")).toEqual([{ attribute: "weight", op: "gt", value: 100 }]);
    expect(only("berat kurang dari 1 kg")).toEqual([{ attribute: "weight", op: "lt", value: 1000 }]);
    expect(only("tebal lebih dari 2 mm")).toEqual([{ attribute: "thickness", op: "gt", value: 2 }]);
    expect(only("between 10 and 20 cm long")).toEqual([{ attribute: "length", op: "between", value: 100, max: 200 }]);
  });

  it("reads stated thickness, holes and diameters", () => {
    expect(only("pelat tebal 3mm")).toEqual([{ attribute: "thickness", op: "eq", value: 3 }]);
    expect(only("plate t=3")).toEqual([{ attribute: "thickness", op: "eq", value: 3 }]);
    expect(only("2,5 mm thick sheet")).toEqual([{ attribute: "thickness", op: "eq", value: 2.5 }]);
    expect(only("6 lubang Ø10")).toEqual([
      { attribute: "hole_count", op: "eq", value: 6 },
      { attribute: "diameter", op: "eq", value: 10 },
    ]);
    expect(only("plate with 10 mm holes")).toEqual([{ attribute: "diameter", op: "eq", value: 10 }]);
    expect(only("braket lebih dari 4 lubang")).toEqual([{ attribute: "hole_count", op: "gt", value: 4 }]);
  });

  it("reads extents and leaves the words for full-text search", () => {
    const parsed = parseConstraints("pelat 200 x 100 dengan lubang");
    expect(parsed.dims).toEqual([200, 100]);
    expect(parsed.text).toBe("pelat dengan lubang");
    expect(parseConstraints("m8 bolt")).toEqual({ constraints: [], dims: null, text: "m8 bolt" });
  });
});
