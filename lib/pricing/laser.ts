import { z } from "zod";
import { DomainError } from "@/lib/errors";
import type { LaserMaterial, PriceCatalog } from "./catalog";
import { roundToHundred } from "./round";
import { parseInput } from "./validate-input";

export const laserGeometrySchema = z.object({
  cut_length_mm: z.number().nonnegative(),
  pierce_count: z.int().nonnegative(),
});

export type LaserGeometry = z.input<typeof laserGeometrySchema>;
export type PierceFeeRule = PriceCatalog["laser"]["pierce_fee"];

export interface LaserQuote {
  material_id: string;
  material_label: string;
  thickness_mm: number;
  cut_rate_idr_per_mm: number;
  pierce_fee_idr: number;
  /** Unrounded; sums to the unrounded price. */
  breakdown: { setup_idr: number; cut_idr: number; pierce_idr: number };
  /** Rounded to 100 IDR. */
  price_idr: number;
}

function assertThicknessInRange(material: LaserMaterial, thicknessMm: number): void {
  if (!(thicknessMm >= material.thickness_min_mm && thicknessMm <= material.thickness_max_mm)) {
    throw new DomainError(
      "invalid_request",
      `${material.label} is cut from ${material.thickness_min_mm} to ${material.thickness_max_mm} mm, ` +
        `not ${thicknessMm} mm`,
      { param: "thickness_mm" },
    );
  }
}

/** IDR per mm of cut, linear in thickness between the material's range ends. */
export function laserCutRate(material: LaserMaterial, thicknessMm: number): number {
  assertThicknessInRange(material, thicknessMm);
  const span = material.thickness_max_mm - material.thickness_min_mm;
  if (span === 0) return material.cut_rate_min_idr_per_mm;
  const f = (thicknessMm - material.thickness_min_mm) / span;
  // Weighted form (not min + f × Δ) so both range ends come out bit-exact.
  return material.cut_rate_min_idr_per_mm * (1 - f) + material.cut_rate_max_idr_per_mm * f;
}

/**
 * IDR per pierce: base + per_mm × thickness × material factor, in whole rupiah,
 * clamped to [min, max]. The rule is catalogue data so it is versioned with it.
 */
export function pierceFee(material: LaserMaterial, thicknessMm: number, rule: PierceFeeRule): number {
  assertThicknessInRange(material, thicknessMm);
  const raw = Math.round(rule.base_idr + rule.per_mm_idr * thicknessMm * material.pierce_factor);
  return Math.min(rule.max_idr, Math.max(rule.min_idr, raw));
}

/** Every (material, thickness) pair the catalogue offers, in catalogue order. */
export function listLaserOptions(catalog: PriceCatalog): { material: LaserMaterial; thickness_mm: number }[] {
  return catalog.laser.materials.flatMap((material) =>
    catalog.laser.thicknesses_mm
      .filter((t) => t >= material.thickness_min_mm && t <= material.thickness_max_mm)
      .map((thickness_mm) => ({ material, thickness_mm })),
  );
}

/** Quotes one flat part at every offered (material, thickness). */
export function priceLaser(geometry: LaserGeometry, catalog: PriceCatalog): LaserQuote[] {
  const { cut_length_mm: cutLength, pierce_count: pierces } = parseInput(laserGeometrySchema, geometry, "geometry");
  return listLaserOptions(catalog).map(({ material, thickness_mm }) => {
    const cutRate = laserCutRate(material, thickness_mm);
    const fee = pierceFee(material, thickness_mm, catalog.laser.pierce_fee);
    const breakdown = { setup_idr: catalog.laser.setup_idr, cut_idr: cutLength * cutRate, pierce_idr: pierces * fee };
    return {
      material_id: material.id,
      material_label: material.label,
      thickness_mm,
      cut_rate_idr_per_mm: cutRate,
      pierce_fee_idr: fee,
      breakdown,
      price_idr: roundToHundred(breakdown.setup_idr + breakdown.cut_idr + breakdown.pierce_idr),
    };
  });
}
