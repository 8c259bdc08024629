import { z } from "zod";
import { defineOperation } from "@/lib/api/operation";
import type { ErrorCode } from "@/lib/api/error-codes";
import { idParams, isoDate } from "./common";

const warningSchema = z.object({ code: z.string().meta({ example: "EXCEEDS_BUILD_VOLUME" }), message: z.string() });

const quoteMeta = {
  id: z.string().meta({
    example: "qt_4f6h8k0m2p4r6t8v0x2z4b6d",
    description: "Stays the same when the answer is served from the cache.",
  }),
  file_id: z.string(),
  version_id: z.string().meta({ description: "The file version quoted (always the current one)." }),
  catalog_version: z.int().meta({ description: "Version of the workspace's price catalogue used." }),
  warnings: z.array(warningSchema).meta({
    description:
      "The geometry's warnings plus `EXCEEDS_BUILD_VOLUME` when the part does not fit the printer volume (PRINTER_VOLUME_MM, default 256×256×256) or laser bed (LASER_BED_MM, default 3000×1500) in any axis-aligned orientation; for prints also `ESTIMATE_FALLBACK` (an open or unsliceable mesh got the volume-rate estimate) and `NEEDS_SUPPORTS` (overhangs need support material that `supports: none` leaves out).",
  }),
  quoted_at: isoDate,
  expires_at: isoDate.meta({ description: "quoted_at + 24 h; until then the same request returns this answer." }),
  cached: z.boolean().meta({ description: "true when served from the 24-hour cache; nothing else differs." }),
};

const meshGeometrySchema = z
  .looseObject({
    volume_cm3: z.number(),
    surface_area_cm2: z.number(),
    bbox_mm: z.object({ x: z.number(), y: z.number(), z: z.number() }),
    is_manifold: z.boolean(),
  })
  .meta({
    id: "QuoteMeshGeometry",
    description: "The measured mesh (see GET /v1/files/{id}); its warnings are in `warnings`.",
  });

const drawingGeometrySchema = z
  .looseObject({
    cut_length_mm: z.number(),
    pierce_count: z.int(),
    bbox_mm: z.object({ x: z.number(), y: z.number() }),
    area_cm2: z.number(),
  })
  .meta({ id: "QuoteDrawingGeometry", description: "The measured drawing; its warnings are in `warnings`." });

const printQuoteSchema = z
  .object({
    material_id: z.string().meta({ example: "pla" }),
    material_label: z.string().meta({ example: "PLA" }),
    family: z.string().meta({ example: "fdm" }),
    material_volume_cm3: z
      .number()
      .meta({ description: "Material laid down (extruded for FDM, the part itself for resin), to 0.001 cm³." }),
    weight_g: z.number().meta({ description: "To 0.01 g." }),
    print_time_min: z.number().meta({ description: "To 0.1 min." }),
    price_per_gram_idr: z.number(),
    breakdown: z
      .object({ setup_idr: z.number(), machine_idr: z.number(), material_idr: z.number() })
      .meta({ description: "One part ordered alone, unrounded: sums to the price before rounding." }),
    price_idr: z.int().meta({ description: "One part ordered alone: round100(sum of breakdown)." }),
    quantity: z.int(),
    unit_price_idr: z.int().meta({ description: "round100((setup + quantity × (machine + material)) / quantity)." }),
    total_price_idr: z.int().meta({ description: "unit_price_idr × quantity." }),
  })
  .meta({ id: "PrintQuote" });

const laserQuoteSchema = z
  .object({
    material_id: z.string().meta({ example: "mild_steel" }),
    material_label: z.string(),
    thickness_mm: z.number(),
    cut_rate_idr_per_mm: z.number(),
    pierce_fee_idr: z.int(),
    breakdown: z
      .object({ setup_idr: z.number(), cut_idr: z.number(), pierce_idr: z.number() })
      .meta({ description: "Unrounded; sums to the price before rounding." }),
    price_idr: z.int().meta({ description: "round100(sum of breakdown)." }),
  })
  .meta({ id: "LaserQuote" });

const familyEstimateSchema = z
  .object({
    method: z.enum(["slicer", "layers", "volume"]).meta({
      description:
        "`slicer`: PrusaSlicer's own figures from a background run (interpolated between two sliced infill levels when needed); `layers`: the instant layer estimator; `volume`: the fallback for open or unsliceable meshes.",
    }),
    process: z.enum(["fdm", "sla"]),
    slicer_infill_percent: z
      .array(z.number())
      .optional()
      .meta({ description: "The sliced infill levels the figures come from." }),
    layers: z.int().optional(),
    settings: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])).meta({
      description:
        "The print profile used, PrusaSlicer's setting names (the catalogue family's `profile` over the built-in one).",
    }),
  })
  .meta({ id: "PrintEstimate" });

const supports = z.enum(["none", "auto"]).default("none").meta({
  description:
    "Support material: `none`, or `auto` (PrusaSlicer's automatic supports, the profile's overhang threshold).",
});

const printQuoteResult = z
  .object({
    ...quoteMeta,
    infill_percent: z.number(),
    quantity: z.int(),
    supports: z.enum(["none", "auto"]),
    estimate: z
      .record(z.string(), familyEstimateSchema)
      .meta({ description: "Per process family of the quoted materials: how weight and time were estimated." }),
    geometry: meshGeometrySchema,
    quotes: z.array(printQuoteSchema),
  })
  .meta({ id: "PrintQuoteResult" });

const laserQuoteResult = z
  .object({ ...quoteMeta, geometry: drawingGeometrySchema, quotes: z.array(laserQuoteSchema) })
  .meta({ id: "LaserQuoteResult" });

const infill = z
  .number()
  .min(0)
  .max(100)
  .default(20)
  .meta({ description: "Infill percent, 0–100 (ignored by resin)." });

const PRINT_FORMULA = [
  "Per material family, weight and time come from the real slicer when it has sliced this version (`estimate.method: slicer`),",
  "else from the layer estimator, which slices the mesh with the family's print profile (`layers`), else, for open meshes, from volume (`volume`).",
  "weight = material volume × density; price = round100(setup 25,000 + 15,000 IDR/h × (warm-up + time) + weight × IDR/g).",
  "Numbers come from the workspace's price catalogue (`catalog_version`); every formula and constant is in docs/pricing.md.",
  "Answers are cached for 24 h per file version, parameters and catalogue version.",
].join(" ");

const LASER_FORMULA = [
  "One entry per offered (material, thickness), 20 with the default catalogue:",
  "price = round100(setup 35,000 + cut length × rate(thickness) + pierces × pierce fee(thickness, material)).",
  "The rate is linear in thickness across the material's range; the pierce fee is clamp(90 + 310 × t × k, 400, 3,500).",
  "Every formula and constant is in docs/pricing.md. Answers are cached for 24 h per file version and catalogue version.",
].join(" ");

const QUOTE_ERRORS: ErrorCode[] = ["not_found", "wrong_process", "invalid_request"];
const common = {
  method: "post" as const,
  service: "quote" as const,
  scope: "quotes" as const,
  plan: "pro" as const,
  tags: ["Quotes"],
  params: idParams("File id"),
};

export const quote3dPrintContract = defineOperation({
  ...common,
  operationId: "quote3dPrint",
  path: "/v1/files/{id}/quote/3dprint",
  summary: "Price the file's current version for 3D printing in every (or the chosen) material",
  description: PRINT_FORMULA,
  envelope: "v1",
  body: z
    .object({
      infill,
      materials: z
        .array(z.string())
        .min(1)
        .optional()
        .meta({ description: "Material ids to quote; unknown ids are refused (400, param `materials`)." }),
      quantity: z
        .int()
        .min(1)
        .max(100_000)
        .default(1)
        .meta({ description: "Setup is shared by the order; `price_idr` stays per single part." }),
      supports,
    })
    .strict()
    .prefault({})
    .meta({ id: "Quote3dPrintRequest" }),
  response: printQuoteResult,
  errors: [...QUOTE_ERRORS, "invalid_json"],
});

export const quoteLaserContract = defineOperation({
  ...common,
  operationId: "quoteLaser",
  path: "/v1/files/{id}/quote/laser",
  summary: "Price the drawing's current version for laser cutting at every material and thickness",
  description: LASER_FORMULA,
  envelope: "v1",
  response: laserQuoteResult,
  errors: QUOTE_ERRORS,
});

export const legacyQuote3dPrintContract = defineOperation({
  ...common,
  operationId: "legacyQuote3dPrint",
  path: "/api/files/{id}/quote",
  summary: "Legacy: 3D-print quote in all 7 materials (`{ok, …}` envelope)",
  description: `${PRINT_FORMULA} The body is optional.`,
  tags: ["Quotes (legacy)"],
  envelope: "legacy",
  body: z.object({ infill }).strict().prefault({}).meta({ id: "LegacyQuoteRequest" }),
  response: printQuoteResult,
  errors: [...QUOTE_ERRORS, "invalid_json"],
});

export const legacyQuoteLaserContract = defineOperation({
  ...common,
  operationId: "legacyQuoteLaser",
  path: "/api/files/{id}/quote/laser",
  summary: "Legacy: laser quote at every material and thickness (`{ok, …}` envelope)",
  description: LASER_FORMULA,
  tags: ["Quotes (legacy)"],
  envelope: "legacy",
  response: laserQuoteResult,
  errors: QUOTE_ERRORS,
});
