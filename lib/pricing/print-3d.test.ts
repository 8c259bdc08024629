import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
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

describe("price3dPrint: the fallback's worked example, by hand", () => {
  it("prices the PLA box at 20 % infill", () => {
    // shell = 52 cm² × (2 perimeters × 0.045 cm) = 4.68 cm³; material = 4.68 + (24 − 4.68) × 0.2 = 8.544 cm³
    // weight = 8.544 × 1.24 = 10.59456 g; time = 5 + 8544 mm³ / 2 mm³/s / 60 = 76.2 min
    // price = 25,000 + 15,000 × 76.2 / 60 + 10.59456 × 350 = 25,000 + 19,050 + 3,708.096
    const quote = quoteFor("pla", 20);
    expect(quote.material_volume_cm3).toBeCloseTo(8.544, 9);
    expect(quote.weight_g).toBeCloseTo(10.59456, 9);
    expect(quote.print_time_min).toBeCloseTo(76.2, 9);
    expect(quote.breakdown.setup_idr).toBe(25_000);
    expect(quote.breakdown.machine_idr).toBeCloseTo(19_050, 9);
    expect(quote.breakdown.material_idr).toBeCloseTo(3_708.096, 9);
    expect(sumBreakdown(quote)).toBeCloseTo(47_758.096, 9);
    expect(quote.price_idr).toBe(47_800);
    expect(quote.price_per_gram_idr).toBe(350);
  });

  // Unrounded totals worked out on paper (see docs/pricing.md) for the same box at 20 %.
  it.each([
    ["pla", 47_758.096, 47_800],
    ["petg", 48_607.3696, 48_600], // 8.544 × 1.27 × 420 + 19,050 + 25,000
    ["abs", 47_459.056, 47_500], // 8.544 × 1.05 × 380 + 19,050 + 25,000
    ["asa", 48_621.04, 48_600], // 8.544 × 1.07 × 500 + 19,050 + 25,000
    ["tpu", 76_436.032, 76_400], // 8.544 × 1.21 × 550 + 15,000 × (5 + 8544/0.8/60)/60 + 25,000
    ["nylon_pa12", 53_749.857777, 53_700], // 8.544 × 1.01 × 750 + 15,000 × (10 + 8544/1.8/60)/60 + 25,000
    ["resin_sla", 76_260, 76_300], // solid: 24 × 1.1 × 900 + 15,000 × (10 + 24000/4/60)/60 + 25,000
  ])("%s costs %d before rounding, %d after", (material, unrounded, rounded) => {
    const quote = quoteFor(material, 20);
    expect(sumBreakdown(quote)).toBeCloseTo(unrounded, 5);
    expect(quote.price_idr).toBe(rounded);
  });

  it("takes a family's material and time from the estimate when there is one", () => {
    // 10,000 mm³ and 3,600 s: 10 cm³ × 1.24 = 12.4 g; 5 + 60 = 65 min; 25,000 + 16,250 + 4,340
    const [quote] = price3dPrint(BOX, { infill_percent: 20, materials: ["pla"] }, DEFAULT_CATALOG, {
      fdm: { material_mm3: 10_000, time_s: 3_600 },
    });
    expect(quote.weight_g).toBeCloseTo(12.4, 9);
    expect(quote.print_time_min).toBeCloseTo(65, 9);
    expect(sumBreakdown(quote)).toBeCloseTo(45_590, 9);
  });
});

describe("price3dPrint: invariants", () => {
  it("returns every catalogue material, in catalogue order, by default", () => {
    const quotes = price3dPrint(BOX, { infill_percent: 20 }, DEFAULT_CATALOG);
    expect(quotes.map((q) => q.material_id)).toEqual(["pla", "petg", "abs", "tpu", "asa", "nylon_pa12", "resin_sla"]);
  });

  it("recomputes every entry from the catalogue; price_idr = round100(sum of breakdown)", () => {
    // A × shell = 31.4 × 0.09 = 2.826 cm³, below V = 7.77 cm³, so the shell is 2.826 cm³.
    const geometry = { volume_cm3: 7.77, surface_area_cm2: 31.4 };
    for (const infill of [0, 15, 33.3, 100]) {
      for (const quote of price3dPrint(geometry, { infill_percent: infill }, DEFAULT_CATALOG)) {
        const material = DEFAULT_CATALOG.print_3d.materials.find((m) => m.id === quote.material_id)!;
        const family = DEFAULT_CATALOG.print_3d.families[material.family];
        const volume = family.solid ? 7.77 : 2.826 + (7.77 - 2.826) * (infill / 100);
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
    expect(quoteFor("pla", 0).material_volume_cm3).toBeCloseTo(4.68, 9);
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
    // 2 mm cube: V = 0.008 cm³, A = 0.24 cm²; A × 0.09 cm = 0.0216 cm³ > V
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
    // per part: 19,050 + 3,708.096 = 22,758.096; order: 25,000 + 10 × 22,758.096 = 252,580.96
    // unit = round100(25,258.096) = 25,300; total = 25,300 × 10
    const quote = quoteFor("pla", 20, BOX, 10);
    expect(quote.quantity).toBe(10);
    expect(quote.price_idr).toBe(47_800);
    expect(quote.unit_price_idr).toBe(25_300);
    expect(quote.total_price_idr).toBe(253_000);
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
    expect(call).toThrow(DomainError);
    expect(call).toThrow(/unobtainium/);
    try {
      call();
    } catch (error) {
      expect((error as DomainError).code).toBe("invalid_request");
      expect((error as DomainError).param).toBe("materials");
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
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe("invalid_request");
      expect((error as DomainError).param).toBe(param);
    }
  });
});
