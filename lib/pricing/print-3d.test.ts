import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/api/app-error";
import { DEFAULT_CATALOG } from "./catalog";
import { price3dPrint, type PrintQuote } from "./print-3d";

// The docs/pricing.md example: a 40 × 30 × 20 mm box.
const BOX = { volume_cm3: 24, surface_area_cm2: 52 };

function quoteFor(material: string, infill: number, geometry = BOX, quantity?: number): PrintQuote {
  const [quote] = price3dPrint(geometry, { infill_percent: infill, materials: [material], quantity }, DEFAULT_CATALOG);
  return quote;
}

function sumBreakdown(quote: PrintQuote): number {
  return quote.breakdown.setup_idr + quote.breakdown.machine_idr + quote.breakdown.material_idr;
}

describe("price3dPrint: the worked example, by hand", () => {
  it("prices the PLA box at 20 % infill", () => {
    // shell = 52 cm² × 0.12 cm = 6.24 cm³; material = 6.24 + (24 − 6.24) × 0.2 = 9.792 cm³
    // weight = 9.792 × 1.24 = 12.14208 g; time = 5 + 9792 mm³ / 8 mm³/s / 60 = 25.4 min
    // price = 25,000 + 15,000 × 25.4 / 60 + 12.14208 × 350 = 25,000 + 6,350 + 4,249.728
    const quote = quoteFor("pla", 20);
    expect(quote.material_volume_cm3).toBeCloseTo(9.792, 9);
    expect(quote.weight_g).toBeCloseTo(12.14208, 9);
    expect(quote.print_time_min).toBeCloseTo(25.4, 9);
    expect(quote.breakdown.setup_idr).toBe(25_000);
    expect(quote.breakdown.machine_idr).toBeCloseTo(6_350, 9);
    expect(quote.breakdown.material_idr).toBeCloseTo(4_249.728, 9);
    expect(sumBreakdown(quote)).toBeCloseTo(35_599.728, 9);
    expect(quote.price_idr).toBe(35_600);
    expect(quote.price_per_gram_idr).toBe(350);
  });

  // Unrounded totals worked out on paper (see docs/pricing.md) for the same box at 20 %.
  it.each([
    ["pla", 35_599.728, 35_600],
    ["petg", 36_573.0528, 36_600], // 9.792 × 1.27 × 420 + 6,350 + 25,000
    ["abs", 35_257.008, 35_300], // 9.792 × 1.05 × 380 + 6,350 + 25,000
    ["asa", 36_588.72, 36_600], // 9.792 × 1.07 × 500 + 6,350 + 25,000
    ["tpu", 46_366.576, 46_400], // 9.792 × 1.21 × 550 + 15,000 × (5 + 9792/3/60)/60 + 25,000
    ["nylon_pa12", 43_077.44, 43_100], // 9.792 × 1.01 × 750 + 15,000 × (10 + 9792/5/60)/60 + 25,000
    ["resin_sla", 76_260, 76_300], // solid: 24 × 1.1 × 900 + 15,000 × (10 + 24000/4/60)/60 + 25,000
  ])("%s costs %d before rounding, %d after", (material, unrounded, rounded) => {
    const quote = quoteFor(material, 20);
    expect(sumBreakdown(quote)).toBeCloseTo(unrounded, 9);
    expect(quote.price_idr).toBe(rounded);
  });
});

describe("price3dPrint: invariants", () => {
  it("returns every catalogue material, in catalogue order, by default", () => {
    const quotes = price3dPrint(BOX, { infill_percent: 20 }, DEFAULT_CATALOG);
    expect(quotes.map((q) => q.material_id)).toEqual(["pla", "petg", "abs", "tpu", "asa", "nylon_pa12", "resin_sla"]);
  });

  it("recomputes every entry from the catalogue; price_idr = round100(sum of breakdown)", () => {
    // A × shell = 31.4 × 0.12 = 3.768 cm³, below V = 7.77 cm³, so the shell is 3.768 cm³.
    const geometry = { volume_cm3: 7.77, surface_area_cm2: 31.4 };
    for (const infill of [0, 15, 33.3, 100]) {
      for (const quote of price3dPrint(geometry, { infill_percent: infill }, DEFAULT_CATALOG)) {
        const material = DEFAULT_CATALOG.print_3d.materials.find((m) => m.id === quote.material_id)!;
        const family = DEFAULT_CATALOG.print_3d.families[material.family];
        const volume = family.solid ? 7.77 : 3.768 + (7.77 - 3.768) * (infill / 100);
        const minutes = family.warmup_min + (volume * 1000) / family.volumetric_rate_mm3_per_s / 60;
        const grams = volume * material.density_g_cm3;
        const unrounded = 25_000 + (15_000 * minutes) / 60 + grams * material.price_idr_per_gram;
        expect(quote.material_volume_cm3).toBeCloseTo(volume, 9);
        expect(quote.print_time_min).toBeCloseTo(minutes, 9);
        expect(Math.abs(sumBreakdown(quote) - unrounded)).toBeLessThan(1e-9);
        expect(quote.price_idr % 100).toBe(0);
        expect(Math.abs(quote.price_idr - unrounded)).toBeLessThanOrEqual(50);
        expect(quote.price_idr).toBe(Math.round(unrounded / 100) * 100);
      }
    }
  });

  it("never gets cheaper or lighter as infill rises", () => {
    for (const material of ["pla", "tpu", "nylon_pa12", "resin_sla"]) {
      let previous = quoteFor(material, 0);
      for (let infill = 5; infill <= 100; infill += 5) {
        const current = quoteFor(material, infill);
        expect(current.weight_g).toBeGreaterThanOrEqual(previous.weight_g);
        expect(sumBreakdown(current)).toBeGreaterThanOrEqual(sumBreakdown(previous));
        expect(current.price_idr).toBeGreaterThanOrEqual(previous.price_idr);
        previous = current;
      }
    }
  });

  it("fills the whole volume at 100 % infill", () => {
    expect(quoteFor("pla", 100).material_volume_cm3).toBeCloseTo(24, 9);
    expect(quoteFor("pla", 0).material_volume_cm3).toBeCloseTo(6.24, 9);
  });

  it("ignores infill for resin, which prints solid", () => {
    const sparse = quoteFor("resin_sla", 0);
    const dense = quoteFor("resin_sla", 100);
    expect(sparse).toEqual(dense);
    expect(sparse.weight_g).toBeCloseTo(24 * 1.1, 9);
  });
});

describe("price3dPrint: edge cases", () => {
  it("charges setup and warm-up for an empty part", () => {
    const empty = { volume_cm3: 0, surface_area_cm2: 0 };
    const pla = quoteFor("pla", 20, empty);
    expect(pla.weight_g).toBe(0);
    expect(pla.print_time_min).toBe(5);
    // 25,000 + 15,000 × 5 / 60 = 26,250: an exact tie, rounds up.
    expect(sumBreakdown(pla)).toBe(26_250);
    expect(pla.price_idr).toBe(26_300);
    // 25,000 + 15,000 × 10 / 60 = 27,500
    expect(quoteFor("resin_sla", 20, empty).price_idr).toBe(27_500);
  });

  it("treats a tiny part as all shell when A × shell thickness exceeds V", () => {
    // 2 mm cube: V = 0.008 cm³, A = 0.24 cm²; A × 0.12 cm = 0.0288 cm³ > V
    const cube = { volume_cm3: 0.008, surface_area_cm2: 0.24 };
    const sparse = quoteFor("pla", 0, cube);
    expect(sparse.material_volume_cm3).toBeCloseTo(0.008, 12);
    expect(sparse.weight_g).toBeCloseTo(0.008 * 1.24, 12);
    expect(quoteFor("pla", 100, cube)).toEqual(sparse);
  });

  it("uses only infill when the part reports no surface", () => {
    expect(quoteFor("pla", 25, { volume_cm3: 24, surface_area_cm2: 0 }).material_volume_cm3).toBeCloseTo(6, 9);
  });
});

describe("price3dPrint: quantity", () => {
  it("charges setup once per order and keeps the single-part price", () => {
    // per part: 6,350 + 4,249.728 = 10,599.728; order: 25,000 + 10 × 10,599.728 = 130,997.28
    // unit = round100(13,099.728) = 13,100; total = 13,100 × 10
    const quote = quoteFor("pla", 20, BOX, 10);
    expect(quote.quantity).toBe(10);
    expect(quote.price_idr).toBe(35_600);
    expect(quote.unit_price_idr).toBe(13_100);
    expect(quote.total_price_idr).toBe(131_000);
  });

  it("makes unit and total equal the single-part price at quantity 1", () => {
    const quote = quoteFor("petg", 20);
    expect(quote.quantity).toBe(1);
    expect(quote.unit_price_idr).toBe(quote.price_idr);
    expect(quote.total_price_idr).toBe(quote.price_idr);
  });
});

describe("price3dPrint: input checks", () => {
  it("quotes only the requested materials, in catalogue order", () => {
    const quotes = price3dPrint(BOX, { infill_percent: 20, materials: ["resin_sla", "pla"] }, DEFAULT_CATALOG);
    expect(quotes.map((q) => q.material_id)).toEqual(["pla", "resin_sla"]);
  });

  it("names unknown materials", () => {
    const call = () => price3dPrint(BOX, { infill_percent: 20, materials: ["pla", "unobtainium"] }, DEFAULT_CATALOG);
    expect(call).toThrow(AppError);
    expect(call).toThrow(/unobtainium/);
    try {
      call();
    } catch (error) {
      expect((error as AppError).code).toBe("invalid_request");
      expect((error as AppError).param).toBe("materials");
    }
  });

  it.each([
    ["infill above 100", BOX, { infill_percent: 101 }, "infill_percent"],
    ["negative infill", BOX, { infill_percent: -1 }, "infill_percent"],
    ["negative volume", { volume_cm3: -1, surface_area_cm2: 1 }, { infill_percent: 20 }, "volume_cm3"],
    ["infinite area", { volume_cm3: 1, surface_area_cm2: Infinity }, { infill_percent: 20 }, "surface_area_cm2"],
    ["zero quantity", BOX, { infill_percent: 20, quantity: 0 }, "quantity"],
    ["fractional quantity", BOX, { infill_percent: 20, quantity: 1.5 }, "quantity"],
    ["empty material list", BOX, { infill_percent: 20, materials: [] }, "materials"],
  ])("rejects %s", (_name, geometry, params, param) => {
    try {
      price3dPrint(geometry, params, DEFAULT_CATALOG);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("invalid_request");
      expect((error as AppError).param).toBe(param);
    }
  });
});
