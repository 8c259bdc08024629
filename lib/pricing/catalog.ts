import { z } from "zod";
import {
  MK3S_FLEX_SETTINGS,
  MK3S_NYLON_SETTINGS,
  MK3S_QUALITY_SETTINGS,
  SL1S_NORMAL_SETTINGS,
} from "@/lib/print-estimate/default-profiles";
import {
  PrintProfileError,
  validateSettings,
  type PrintSettings,
  type ProcessKind,
} from "@/lib/print-estimate/profile-settings";

/**
 * The price catalogue: every number a quote depends on. Plain data, so it can be
 * stored (versioned) elsewhere and passed back in; `catalogSchema` is the gate
 * for anything that did not come from `DEFAULT_CATALOG`. Reasons for each value
 * are in docs/pricing.md.
 */

const idSchema = z.string().regex(/^[a-z0-9_]+$/, "lowercase snake_case id");
const idrSchema = z.number().nonnegative();

const printFamilySchema = z.object({
  label: z.string().min(1),
  /** Only for the fallback estimate of open or broken meshes (docs/pricing.md). */
  volumetric_rate_mm3_per_s: z.number().positive(),
  /** Heating and bed levelling, which a slicer's time leaves out. */
  warmup_min: z.number().nonnegative(),
  /** Solid processes (resin) fill the whole volume; infill does not apply. */
  solid: z.boolean(),
  /**
   * The slicer settings the estimate uses, PrusaSlicer's names (lib/print-estimate/profile-settings.ts);
   * a setting left out keeps the built-in profile's value for the family (see `familySettings`).
   */
  profile: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])).optional(),
});

const printMaterialSchema = z.object({
  id: idSchema,
  label: z.string().min(1),
  family: idSchema,
  density_g_cm3: z.number().positive(),
  price_idr_per_gram: idrSchema,
});

const laserMaterialSchema = z.object({
  id: idSchema,
  label: z.string().min(1),
  thickness_min_mm: z.number().positive(),
  thickness_max_mm: z.number().positive(),
  cut_rate_min_idr_per_mm: idrSchema,
  cut_rate_max_idr_per_mm: idrSchema,
  /** Multiplies the per-mm pierce cost: how hard this material is to pierce. */
  pierce_factor: z.number().positive(),
});

function findDuplicates(ids: string[]): string[] {
  return ids.filter((id, index) => ids.indexOf(id) !== index);
}

export const catalogSchema = z
  .object({
    print_3d: z.object({
      setup_idr: idrSchema,
      machine_idr_per_hour: idrSchema,
      families: z.record(idSchema, printFamilySchema),
      materials: z.array(printMaterialSchema).min(1),
    }),
    laser: z.object({
      setup_idr: idrSchema,
      thicknesses_mm: z.array(z.number().positive()).min(1),
      pierce_fee: z.object({
        base_idr: z.number(),
        per_mm_idr: idrSchema,
        min_idr: idrSchema,
        max_idr: idrSchema,
      }),
      materials: z.array(laserMaterialSchema).min(1),
    }),
  })
  .superRefine((catalog, ctx) => {
    const { print_3d: print, laser } = catalog;
    for (const [id, family] of Object.entries(print.families)) {
      if (!family.profile) continue;
      try {
        validateSettings(processOf(family), familySettings(id, family));
      } catch (error) {
        if (!(error instanceof PrintProfileError)) throw error;
        ctx.addIssue({
          code: "custom",
          path: ["print_3d", "families", id, "profile", error.setting],
          message: error.message,
        });
      }
    }
    for (const id of findDuplicates(print.materials.map((m) => m.id))) {
      ctx.addIssue({ code: "custom", path: ["print_3d", "materials"], message: `duplicate material id "${id}"` });
    }
    print.materials.forEach((material, index) => {
      if (!Object.hasOwn(print.families, material.family)) {
        ctx.addIssue({
          code: "custom",
          path: ["print_3d", "materials", index, "family"],
          message: `unknown family "${material.family}"`,
        });
      }
    });
    if (laser.thicknesses_mm.some((t, i) => i > 0 && t <= laser.thicknesses_mm[i - 1])) {
      ctx.addIssue({
        code: "custom",
        path: ["laser", "thicknesses_mm"],
        message: "thicknesses must strictly increase",
      });
    }
    if (laser.pierce_fee.min_idr > laser.pierce_fee.max_idr) {
      ctx.addIssue({ code: "custom", path: ["laser", "pierce_fee"], message: "min_idr exceeds max_idr" });
    }
    for (const id of findDuplicates(laser.materials.map((m) => m.id))) {
      ctx.addIssue({ code: "custom", path: ["laser", "materials"], message: `duplicate material id "${id}"` });
    }
    laser.materials.forEach((material, index) => {
      const path = ["laser", "materials", index];
      if (material.thickness_min_mm > material.thickness_max_mm) {
        ctx.addIssue({ code: "custom", path, message: "thickness_min_mm exceeds thickness_max_mm" });
      }
      if (material.cut_rate_min_idr_per_mm > material.cut_rate_max_idr_per_mm) {
        ctx.addIssue({ code: "custom", path, message: "cut_rate_min_idr_per_mm exceeds cut_rate_max_idr_per_mm" });
      }
      const offered = laser.thicknesses_mm.some(
        (t) => t >= material.thickness_min_mm && t <= material.thickness_max_mm,
      );
      if (!offered) {
        ctx.addIssue({ code: "custom", path, message: "no catalogue thickness falls inside this material's range" });
      }
    });
  });

export type PriceCatalog = z.infer<typeof catalogSchema>;

/** Resin families (`solid`) are sliced as MSLA, the rest as FDM. */
export const processOf = (family: { solid: boolean }): ProcessKind => (family.solid ? "sla" : "fdm");

const BUILT_IN_PROFILES: Record<string, PrintSettings> = {
  fdm: MK3S_QUALITY_SETTINGS,
  fdm_flexible: MK3S_FLEX_SETTINGS,
  fdm_nylon: MK3S_NYLON_SETTINGS,
  sla: SL1S_NORMAL_SETTINGS,
};

/** A family's complete settings: the built-in profile for its id (else for its process), then its own. */
export function familySettings(id: string, family: z.input<typeof printFamilySchema>): PrintSettings {
  const process = processOf(family);
  const own = Object.hasOwn(BUILT_IN_PROFILES, id) && (id === "sla") === family.solid;
  const builtIn = own ? BUILT_IN_PROFILES[id] : BUILT_IN_PROFILES[process];
  return { ...builtIn, ...family.profile };
}
export type PrintFamily = z.infer<typeof printFamilySchema>;
export type PrintMaterial = z.infer<typeof printMaterialSchema>;
export type LaserMaterial = z.infer<typeof laserMaterialSchema>;

export const DEFAULT_CATALOG: PriceCatalog = {
  print_3d: {
    setup_idr: 25_000,
    machine_idr_per_hour: 15_000,
    // volumetric_rate_mm3_per_s: the fallback's job average; 2 mm³/s is PrusaSlicer's average for PLA on
    // eval/quotes (issue #15), the others scaled by their filament's flow limit.
    families: {
      fdm: {
        label: "FDM (PLA, PETG, ABS, ASA)",
        volumetric_rate_mm3_per_s: 2,
        warmup_min: 5,
        solid: false,
        profile: MK3S_QUALITY_SETTINGS,
      },
      fdm_flexible: {
        label: "FDM flexible (TPU)",
        volumetric_rate_mm3_per_s: 0.8,
        warmup_min: 5,
        solid: false,
        profile: MK3S_FLEX_SETTINGS,
      },
      fdm_nylon: {
        label: "FDM nylon (PA12)",
        volumetric_rate_mm3_per_s: 1.8,
        warmup_min: 10,
        solid: false,
        profile: MK3S_NYLON_SETTINGS,
      },
      sla: {
        label: "Resin SLA",
        volumetric_rate_mm3_per_s: 4,
        warmup_min: 10,
        solid: true,
        profile: SL1S_NORMAL_SETTINGS,
      },
    },
    materials: [
      { id: "pla", label: "PLA", family: "fdm", density_g_cm3: 1.24, price_idr_per_gram: 350 },
      { id: "petg", label: "PETG", family: "fdm", density_g_cm3: 1.27, price_idr_per_gram: 420 },
      { id: "abs", label: "ABS", family: "fdm", density_g_cm3: 1.05, price_idr_per_gram: 380 },
      { id: "tpu", label: "TPU", family: "fdm_flexible", density_g_cm3: 1.21, price_idr_per_gram: 550 },
      { id: "asa", label: "ASA", family: "fdm", density_g_cm3: 1.07, price_idr_per_gram: 500 },
      { id: "nylon_pa12", label: "Nylon PA12", family: "fdm_nylon", density_g_cm3: 1.01, price_idr_per_gram: 750 },
      { id: "resin_sla", label: "Resin SLA", family: "sla", density_g_cm3: 1.1, price_idr_per_gram: 900 },
    ],
  },
  laser: {
    setup_idr: 35_000,
    thicknesses_mm: [1, 2, 3, 5, 8, 10],
    // fee = 90 + 310 × t × factor: mild steel 1 mm → 400, SS 304 5 mm → 3,500.
    pierce_fee: { base_idr: 90, per_mm_idr: 310, min_idr: 400, max_idr: 3_500 },
    materials: [
      {
        id: "mild_steel",
        label: "Mild Steel",
        thickness_min_mm: 1,
        thickness_max_mm: 10,
        cut_rate_min_idr_per_mm: 0.8,
        cut_rate_max_idr_per_mm: 8.0,
        pierce_factor: 1.0,
      },
      {
        id: "ss304",
        label: "SS 304",
        thickness_min_mm: 1,
        thickness_max_mm: 5,
        cut_rate_min_idr_per_mm: 1.5,
        cut_rate_max_idr_per_mm: 6.0,
        pierce_factor: 2.2,
      },
      {
        id: "al5052",
        label: "Aluminium 5052",
        thickness_min_mm: 1,
        thickness_max_mm: 5,
        cut_rate_min_idr_per_mm: 1.0,
        cut_rate_max_idr_per_mm: 4.5,
        pierce_factor: 1.2,
      },
      {
        id: "acrylic",
        label: "Acrylic",
        thickness_min_mm: 3,
        thickness_max_mm: 8,
        cut_rate_min_idr_per_mm: 0.6,
        cut_rate_max_idr_per_mm: 1.8,
        pierce_factor: 0.4,
      },
      {
        id: "galvanized",
        label: "Galvanized",
        thickness_min_mm: 1,
        thickness_max_mm: 3,
        cut_rate_min_idr_per_mm: 0.9,
        cut_rate_max_idr_per_mm: 2.0,
        pierce_factor: 1.1,
      },
    ],
  },
};
