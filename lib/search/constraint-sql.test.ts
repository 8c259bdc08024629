import { describe, expect, it } from "vitest";
import { checkConstraint, checkDims, numericFit, type NumericFacts } from "./constraint-sql";
import { parseConstraints } from "./parse-constraints";

const facts = (f: Partial<NumericFacts>): NumericFacts => ({
  dimMax: null,
  dimMid: null,
  dimMin: null,
  thicknessMm: null,
  holeCount: null,
  holeDiameters: [],
  volumeCm3: null,
  weightG: null,
  shapeClass: null,
  ...f,
});
const check = (query: string, f: Partial<NumericFacts>) =>
  checkConstraint(parseConstraints(query).constraints[0], facts(f));

describe("numeric constraints rank by how far a file is from them", () => {
  it("hole counts: exact met, off by one near (miss = difference / max(asked, 2)), far beyond half", () => {
    expect(check("plate with 4 holes", { holeCount: 4 })).toMatchObject({ status: "met", miss: 0 });
    expect(check("plate with 4 holes", { holeCount: 5 })).toMatchObject({ status: "near", actual: 5, miss: 0.25 });
    expect(check("pelat dengan 4 lubang", { holeCount: 6 })).toMatchObject({ status: "near", miss: 0.5 });
    expect(check("plate with 4 holes", { holeCount: 8 })).toMatchObject({ status: "far", miss: 1 });
    expect(check("plate with 4 holes", {})).toMatchObject({ status: "unknown", actual: null, miss: null });
    expect(check("braket lebih dari 4 lubang", { holeCount: 4 })).toMatchObject({ status: "near", miss: 0.25 });
  });

  it("comparisons: the miss is how far past the bound, relative to it", () => {
    expect(check("bracket under 50 mm", { dimMax: 40 })).toMatchObject({ status: "met" });
    expect(check("bracket under 50 mm", { dimMax: 60 })).toMatchObject({ status: "near", miss: 0.2 });
    expect(check("lebih kecil dari 10 cm", { dimMax: 200 })).toMatchObject({ status: "far", miss: 1 });
    expect(check("heavier than 100 g", { weightG: 80 })).toMatchObject({ status: "near", miss: 0.2 });
  });

  it("stated values keep their tolerance, then measure the miss beyond it", () => {
    expect(check("pelat tebal 3mm", { thicknessMm: 3.1 })).toMatchObject({ status: "met" });
    expect(check("pelat tebal 3mm", { thicknessMm: 2 })).toMatchObject({ status: "near", actual: 2, miss: 0.283 });
    expect(check("Ø10", { holeDiameters: [6, 12] })).toMatchObject({ status: "near", actual: 12 });
    expect(check("Ø10", { holeCount: 0 })).toMatchObject({ status: "far" });
    expect(checkDims([200, 100], "200 x 100", facts({ dimMax: 205, dimMid: 100 }))).toMatchObject({ status: "met" });
    expect(checkDims([200, 100], "200 x 100", facts({ dimMax: 300, dimMid: 100 }))).toMatchObject({
      status: "near",
      miss: 0.45,
    });
  });

  it("fits near misses below 1, further ones lower", () => {
    const fit = (...hc: number[]) => numericFit(hc.map((h) => check("4 holes", { holeCount: h })));
    expect(fit(4)).toBe(1);
    expect(fit(5)).toBe(0.75);
    expect(fit(6)).toBe(0.5);
    expect(fit(5, 5)).toBeCloseTo(0.5625);
  });
});
