import { describe, expect, it } from "vitest";
import { roundToHundred } from "./round";

describe("roundToHundred", () => {
  it("rounds to the nearest 100 IDR", () => {
    expect(roundToHundred(0)).toBe(0);
    expect(roundToHundred(49.99)).toBe(0);
    expect(roundToHundred(149.99)).toBe(100);
    expect(roundToHundred(35_599.728)).toBe(35_600);
    expect(roundToHundred(35_549.9)).toBe(35_500);
  });

  it("rounds exact halves up", () => {
    expect(roundToHundred(50)).toBe(100);
    expect(roundToHundred(150)).toBe(200);
    expect(roundToHundred(26_250)).toBe(26_300);
  });

  it("treats a tie blurred by float noise as a tie", () => {
    const noisy350 = (350 / 1.1) * 1.1; // 349.99999999999994 in binary floating point
    expect(noisy350).toBeLessThan(350);
    expect(roundToHundred(noisy350)).toBe(400);
  });

  it("always returns a multiple of 100", () => {
    for (let amount = 0; amount < 5_000; amount += 7.3) {
      expect(roundToHundred(amount) % 100).toBe(0);
      expect(Math.abs(roundToHundred(amount) - amount)).toBeLessThanOrEqual(50);
    }
  });

  it("rejects negative and non-finite amounts", () => {
    expect(() => roundToHundred(-1)).toThrow(RangeError);
    expect(() => roundToHundred(Number.NaN)).toThrow(RangeError);
    expect(() => roundToHundred(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
