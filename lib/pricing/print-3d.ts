import { z } from "zod";
import { DomainError } from "@/lib/errors";
import { profileFromSettings } from "@/lib/print-estimate/profile-settings";
import { familySettings, type PriceCatalog, type PrintMaterial } from "./catalog";
import { roundToHundred } from "./round";
import { parseInput } from "./validate-input";

export const printGeometrySchema = z.object({
  volume_cm3: z.number().nonnegative(),
  surface_area_cm2: z.number().nonnegative(),
});

export const printParamsSchema = z.object({
  infill_percent: z.number().min(0).max(100),
  /** Material ids to quote; omitted means every catalogue material. */
  materials: z.array(z.string()).min(1).optional(),
  quantity: z.int().positive().default(1),
});

export type PrintGeometry = z.input<typeof printGeometrySchema>;
export type PrintParams = z.input<typeof printParamsSchema>;

export interface PrintQuote {
  material_id: string;
  material_label: string;
  family: string;
  material_volume_cm3: number;
  weight_g: number;
  print_time_min: number;
  price_per_gram_idr: number;
  /** One part, unrounded; sums to the unrounded single-part price. */
  breakdown: { setup_idr: number; machine_idr: number; material_idr: number };
  /** One part alone (setup included), rounded to 100 IDR. */
  price_idr: number;
  quantity: number;
  /** Per-part share of the order, setup spread over `quantity`, rounded to 100 IDR. */
  unit_price_idr: number;
  /** unit_price_idr × quantity, so the invoice line multiplies out exactly. */
  total_price_idr: number;
}

const MM3_PER_CM3 = 1000;
const MM_PER_CM = 10;

/** A family's material and machine time from the layer estimator or the slicer (lib/print-estimate). */
export interface FamilyFigures {
  material_mm3: number;
  time_s: number;
}

function selectMaterials(materials: PrintMaterial[], requested: string[] | undefined): PrintMaterial[] {
  if (!requested) return materials;
  const unknown = requested.filter((id) => !materials.some((m) => m.id === id));
  if (unknown.length > 0) {
    throw new DomainError("invalid_request", `unknown 3D print material: ${unknown.join(", ")}`, {
      param: "materials",
      details: { unknown, available: materials.map((m) => m.id) },
    });
  }
  return materials.filter((m) => requested.includes(m.id));
}

/**
 * Quotes one part per catalogue material (catalogue order). Setup is charged once
 * per order; machine time and material scale with quantity. A family's material
 * and time come from `figures` (the layer estimate or the slicer); a family without
 * them gets the volume-rate fallback: the profile's perimeters as a skin over the
 * whole surface, infill inside, time = volume ÷ the family's average rate.
 */
export function price3dPrint(
  geometry: PrintGeometry,
  params: PrintParams,
  catalog: PriceCatalog,
  figures: Partial<Record<string, FamilyFigures>> = {},
): PrintQuote[] {
  const { volume_cm3: volume, surface_area_cm2: area } = parseInput(printGeometrySchema, geometry, "geometry");
  const {
    infill_percent: infillPercent,
    materials: requested,
    quantity,
  } = parseInput(printParamsSchema, params, "params");
  const print = catalog.print_3d;
  const fallbackVolume = (familyId: string): number => {
    const family = print.families[familyId];
    if (family.solid) return volume;
    const profile = profileFromSettings(familySettings(familyId, family));
    // Thin parts are all wall: the shell can never exceed the part itself.
    const shellVolume = Math.min(volume, (area * profile.perimeters * profile.widths.perimeter) / MM_PER_CM);
    return shellVolume + (volume - shellVolume) * (infillPercent / 100);
  };

  return selectMaterials(print.materials, requested).map((material) => {
    const family = print.families[material.family];
    const estimated = figures[material.family];
    const materialVolume = estimated ? estimated.material_mm3 / MM3_PER_CM3 : fallbackVolume(material.family);
    const weight = materialVolume * material.density_g_cm3;
    const machineMin = estimated
      ? estimated.time_s / 60
      : (materialVolume * MM3_PER_CM3) / family.volumetric_rate_mm3_per_s / 60;
    const printTimeMin = family.warmup_min + machineMin;
    const breakdown = {
      setup_idr: print.setup_idr,
      machine_idr: (print.machine_idr_per_hour * printTimeMin) / 60,
      material_idr: weight * material.price_idr_per_gram,
    };
    const perPartIdr = breakdown.machine_idr + breakdown.material_idr;
    const unitPrice = roundToHundred((breakdown.setup_idr + quantity * perPartIdr) / quantity);
    return {
      material_id: material.id,
      material_label: material.label,
      family: material.family,
      material_volume_cm3: materialVolume,
      weight_g: weight,
      print_time_min: printTimeMin,
      price_per_gram_idr: material.price_idr_per_gram,
      breakdown,
      price_idr: roundToHundred(breakdown.setup_idr + breakdown.machine_idr + breakdown.material_idr),
      quantity,
      unit_price_idr: unitPrice,
      total_price_idr: unitPrice * quantity,
    };
  });
}
