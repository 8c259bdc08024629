import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { DEFAULT_CATALOG, type LaserMaterial } from "./catalog";
import { laserCutRate, listLaserOptions, pierceFee, priceLaser, type LaserQuote } from "./laser";

const RULE = DEFAULT_CATALOG.laser.pierce_fee;

function material(id: string): LaserMaterial {
  return DEFAULT_CATALOG.laser.materials.find((m) => m.id === id)!;
}

function sumBreakdown(quote: LaserQuote): number {
  return quote.breakdown.setup_idr + quote.breakdown.cut_idr + quote.breakdown.pierce_idr;
}

// Offered thicknesses per material, read off issue #5's ranges and the list 1, 2, 3, 5, 8, 10 mm.
const OFFERED: Record<string, number[]> = {
  mild_steel: [1, 2, 3, 5, 8, 10],
  ss304: [1, 2, 3, 5],
  al5052: [1, 2, 3, 5],
  acrylic: [3, 5, 8],
  galvanized: [1, 2, 3],
};

// 90 + 310 × t × factor, worked by hand (factors 1.0, 2.2, 1.2, 0.4, 1.1).
const PIERCE_TABLE: Record<string, number[]> = {
  mild_steel: [400, 710, 1_020, 1_640, 2_570, 3_190],
  ss304: [772, 1_454, 2_136, 3_500],
  al5052: [462, 834, 1_206, 1_950],
  acrylic: [462, 710, 1_082],
  galvanized: [431, 772, 1_113],
};

describe("listLaserOptions / priceLaser coverage", () => {
  it("offers exactly the 20 (material, thickness) pairs", () => {
    const pairs = listLaserOptions(DEFAULT_CATALOG).map((o) => `${o.material.id}@${o.thickness_mm}`);
    const expected = Object.entries(OFFERED).flatMap(([id, ts]) => ts.map((t) => `${id}@${t}`));
    expect(expected).toHaveLength(20);
    expect(pairs).toEqual(expected);
    expect(priceLaser({ cut_length_mm: 100, pierce_count: 1 }, DEFAULT_CATALOG)).toHaveLength(20);
  });
});

describe("laserCutRate", () => {
  it("equals the catalogue ends at the range ends", () => {
    for (const m of DEFAULT_CATALOG.laser.materials) {
      expect(laserCutRate(m, m.thickness_min_mm)).toBe(m.cut_rate_min_idr_per_mm);
      expect(laserCutRate(m, m.thickness_max_mm)).toBe(m.cut_rate_max_idr_per_mm);
    }
  });

  it("interpolates linearly in between", () => {
    expect(laserCutRate(material("mild_steel"), 5)).toBeCloseTo(0.8 + (7.2 * 4) / 9, 12); // 4.0
    expect(laserCutRate(material("ss304"), 2)).toBeCloseTo(1.5 + 4.5 / 4, 12); // 2.625
    expect(laserCutRate(material("acrylic"), 5)).toBeCloseTo(0.6 + (1.2 * 2) / 5, 12); // 1.08
    expect(laserCutRate(material("galvanized"), 2)).toBeCloseTo(1.45, 12);
    expect(laserCutRate(material("al5052"), 4)).toBeCloseTo(1.0 + (3.5 * 3) / 4, 12); // between listed sizes
  });

  it("rejects a thickness outside the material's range", () => {
    expect(() => laserCutRate(material("acrylic"), 2)).toThrow(DomainError);
    expect(() => laserCutRate(material("ss304"), 8)).toThrow(/1 to 5 mm/);
  });

  it("returns the low rate when a range is a single thickness", () => {
    const single = { ...material("ss304"), thickness_min_mm: 2, thickness_max_mm: 2 };
    expect(laserCutRate(single, 2)).toBe(1.5);
  });
});

describe("pierceFee", () => {
  it("matches the hand-computed table", () => {
    for (const [id, thicknesses] of Object.entries(OFFERED)) {
      expect(thicknesses.map((t) => pierceFee(material(id), t, RULE))).toEqual(PIERCE_TABLE[id]);
    }
  });

  it("stays within [400, 3,500], hitting both ends exactly", () => {
    const fees = listLaserOptions(DEFAULT_CATALOG).map((o) => pierceFee(o.material, o.thickness_mm, RULE));
    expect(Math.min(...fees)).toBe(400);
    expect(Math.max(...fees)).toBe(3_500);
    expect(pierceFee(material("mild_steel"), 1, RULE)).toBe(400);
    expect(pierceFee(material("ss304"), 5, RULE)).toBe(3_500);
  });

  it("rises with thickness", () => {
    for (const [id, thicknesses] of Object.entries(OFFERED)) {
      const fees = thicknesses.map((t) => pierceFee(material(id), t, RULE));
      fees.slice(1).forEach((fee, i) => expect(fee).toBeGreaterThan(fees[i]));
    }
  });

  it("costs more for stainless than mild steel at equal thickness", () => {
    for (const t of OFFERED.ss304) {
      expect(pierceFee(material("ss304"), t, RULE)).toBeGreaterThan(pierceFee(material("mild_steel"), t, RULE));
    }
  });

  it("clamps a rule that would leave the band", () => {
    const thick = { ...material("mild_steel"), thickness_max_mm: 20 };
    expect(pierceFee(thick, 20, RULE)).toBe(3_500); // 90 + 310 × 20 = 6,290
    expect(pierceFee(material("acrylic"), 3, { ...RULE, base_idr: -1_000 })).toBe(400); // −1,000 + 372
  });
});

describe("priceLaser", () => {
  const geometry = { cut_length_mm: 1_000, pierce_count: 4 };

  it("prices by hand: setup + length × rate + pierces × fee", () => {
    const quotes = priceLaser(geometry, DEFAULT_CATALOG);
    const mild3 = quotes.find((q) => q.material_id === "mild_steel" && q.thickness_mm === 3)!;
    // 35,000 + 1,000 × 2.4 + 4 × 1,020 = 41,480
    expect(mild3.cut_rate_idr_per_mm).toBeCloseTo(2.4, 12);
    expect(mild3.pierce_fee_idr).toBe(1_020);
    expect(mild3.breakdown.setup_idr).toBe(35_000);
    expect(mild3.breakdown.cut_idr).toBeCloseTo(2_400, 9);
    expect(mild3.breakdown.pierce_idr).toBe(4_080);
    expect(mild3.price_idr).toBe(41_500);
    const ss5 = quotes.find((q) => q.material_id === "ss304" && q.thickness_mm === 5)!;
    expect(ss5.price_idr).toBe(55_000); // 35,000 + 1,000 × 6.0 + 4 × 3,500
    expect(ss5.material_label).toBe("SS 304"); // the specification's label
  });

  it("has breakdowns that sum to the unrounded price, and price_idr = round100(sum)", () => {
    for (const quote of priceLaser({ cut_length_mm: 1_234.5, pierce_count: 7 }, DEFAULT_CATALOG)) {
      const m = material(quote.material_id);
      const t = quote.thickness_mm;
      const rate =
        m.cut_rate_min_idr_per_mm +
        ((m.cut_rate_max_idr_per_mm - m.cut_rate_min_idr_per_mm) * (t - m.thickness_min_mm)) /
          (m.thickness_max_mm - m.thickness_min_mm);
      const fee = Math.min(3_500, Math.max(400, Math.round(90 + 310 * t * m.pierce_factor)));
      const expected = 35_000 + 1_234.5 * rate + 7 * fee;
      expect(quote.pierce_fee_idr).toBe(fee);
      expect(Math.abs(sumBreakdown(quote) - expected)).toBeLessThan(1e-9);
      expect(quote.price_idr).toBe(Math.round(expected / 100) * 100);
      expect(quote.price_idr % 100).toBe(0);
      expect(Math.abs(quote.price_idr - expected)).toBeLessThanOrEqual(50);
    }
  });

  it("charges only setup for nothing to cut", () => {
    const quotes = priceLaser({ cut_length_mm: 0, pierce_count: 0 }, DEFAULT_CATALOG);
    expect(quotes.every((q) => q.price_idr === 35_000)).toBe(true);
  });

  it.each([
    ["negative length", { cut_length_mm: -1, pierce_count: 1 }, "cut_length_mm"],
    ["fractional pierces", { cut_length_mm: 10, pierce_count: 1.5 }, "pierce_count"],
    ["missing pierces", { cut_length_mm: 10 }, "pierce_count"],
  ])("rejects %s", (_name, bad, param) => {
    try {
      priceLaser(bad as { cut_length_mm: number; pierce_count: number }, DEFAULT_CATALOG);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).param).toBe(param);
    }
  });
});
