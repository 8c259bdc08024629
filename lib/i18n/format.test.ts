import { describe, expect, it } from "vitest";
import {
  formatBytes,
  formatFixed,
  formatGrams,
  formatIdr,
  formatIdrRate,
  formatMeasure,
  formatMinutes,
  formatNumber,
  formatPercent,
} from "./format";

/** Intl and the formatter write a non-breaking space after "Rp"; compare with a plain one. */
const plain = (text: string) => text.replace(/\s/g, " ");

describe("formatting for the dashboard", () => {
  it("bytes in binary multiples, one decimal under 100, in either language", () => {
    expect(formatBytes(512, "en")).toBe("512 B");
    expect(formatBytes(3200, "en")).toBe("3.1 KB");
    expect(formatBytes(3200, "id")).toBe("3,1 KB");
    expect(formatBytes(25 * 1024 * 1024, "id")).toBe("25 MB");
    expect(formatBytes(150 * 1024 * 1024, "en")).toBe("150 MB");
  });

  it("rupiah and plain numbers as each language writes them", () => {
    expect(plain(formatIdr(149000))).toBe("Rp 149.000");
    expect(formatNumber(1234.5, "id")).toBe("1.234,5");
    expect(formatNumber(1234.5, "en")).toBe("1,234.5");
  });

  it("one rule per language: Indonesian '.' thousands and ',' decimals, English the other way round, rupiah included", () => {
    expect(plain(formatIdr(2_240_500, "id"))).toBe("Rp 2.240.500");
    expect(plain(formatIdr(2_240_500, "en"))).toBe("Rp 2,240,500");
    expect(formatGrams(1198.2, "id")).toBe("1.198,2 g");
    expect(formatGrams(1198.2, "en")).toBe("1,198.2 g");
    // Every number on one English row uses the same separators.
    expect(`${formatGrams(1198.24, "en")} ${plain(formatIdr(2_240_500, "en"))}`).toBe("1,198.2 g Rp 2,240,500");
    expect(`${formatGrams(1198.24, "id")} ${plain(formatIdr(2_240_500, "id"))}`).toBe("1.198,2 g Rp 2.240.500");
  });

  it("rates keep their decimals the reader's way and take the unit from the dictionary", () => {
    expect(plain(formatIdrRate(1.25, "/mm", "id"))).toBe("Rp 1,25/mm");
    expect(plain(formatIdrRate(1.25, "/mm", "en"))).toBe("Rp 1.25/mm");
    expect(plain(formatIdrRate(0.8, "/mm", "id"))).toBe("Rp 0,80/mm");
    expect(plain(formatIdrRate(60_000, "/jam", "id", 0))).toBe("Rp 60.000/jam");
    expect(plain(formatIdrRate(60_000, "/h", "en", 0))).toBe("Rp 60,000/h");
  });

  it("fixed decimals, measures, minutes and percentages", () => {
    expect(formatFixed(24, 2, "id")).toBe("24,00");
    expect(formatFixed(1234.567, 2, "en")).toBe("1,234.57");
    expect(formatFixed(-0.04, 1, "en")).toBe("0.0");
    expect(formatFixed(-12.36, 1, "id")).toBe("-12,4");
    expect(formatMeasure(0.001, "en")).toBe("0.001");
    expect(formatMeasure(0.012345, "id")).toBe("0,0123");
    expect(formatMeasure(1234.56, "id", 1)).toBe("1.234,6");
    expect(formatMinutes(1205.4, "id")).toBe("20 jam 5 mnt");
    expect(formatMinutes(59.6, "en")).toBe("1 h 0 min");
    expect(formatMinutes(61 * 1000, "en")).toBe("1,016 h 40 min");
    expect(formatPercent(12.5, "id", 1)).toBe("12,5 %");
    expect(plain(formatIdr(-1500, "en"))).toBe("-Rp 1,500");
  });

  it("agrees with Intl's id-ID and en-US grouping", () => {
    for (const value of [0, 7, 999, 1000, 12_345.678, 1_234_567.5, -98_765.4321]) {
      for (const [lang, locale] of [
        ["id", "id-ID"],
        ["en", "en-US"],
      ] as const) {
        expect(formatNumber(value, lang), `${value} ${lang}`).toBe(
          value.toLocaleString(locale, { maximumFractionDigits: 3 }),
        );
      }
    }
  });
});
