/**
 * Ties count as ties even after float noise: a sum that is mathematically
 * 34,550 may arrive as 34,549.999999999996 and must still round up.
 */
const TIE_TOLERANCE_HUNDREDS = 1e-9;

/** Nearest multiple of 100 IDR; exact halves (…50) round up. Amounts are never negative. */
export function roundToHundred(amountIdr: number): number {
  if (!Number.isFinite(amountIdr) || amountIdr < 0) {
    throw new RangeError(`amount must be a finite, non-negative number of rupiah, got ${amountIdr}`);
  }
  return Math.floor(amountIdr / 100 + 0.5 + TIE_TOLERANCE_HUNDREDS) * 100;
}
