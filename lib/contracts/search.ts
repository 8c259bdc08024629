import { z } from "zod";
import { defineOperation } from "@/lib/api/operation";
import { FILE_FORMATS, FILE_STATUSES } from "@/db/schema";
import { fileSchema } from "./files";
import { idParams } from "./common";

const bbox = z.object({ x: z.number(), y: z.number(), z: z.number().optional() });
const evidence = z.object({
  source: z.string().meta({
    description: "file_name, tag, dxf_text, dxf_layer, dxf_block, model_material, model_metadata, object_name",
  }),
  text: z.string(),
});

export const fileMetadataSchema = z
  .object({
    kind: z.enum(["mesh", "laser"]),
    format: z.string(),
    dimensions: z.object({
      bbox_mm: bbox,
      thickness_mm: z.number().nullable().meta({
        description: "Plates and thin walls from geometry; laser parts only from a stated thickness (t=3, tebal 3 …)",
      }),
      thickness_source: z.enum(["geometry", "text"]).nullable(),
      holes: z.object({
        count: z.int().nullable().meta({
          description:
            "Drawings: hole contours. Meshes: holes through the part, from its topology; null when the mesh is not closed, and for assemblies.",
        }),
        diameters_mm: z
          .array(z.number())
          .meta({ description: "Round holes of a drawing, smallest first; empty for meshes." }),
      }),
      volume_cm3: z.number().nullable(),
      area_cm2: z.number().nullable(),
      cut_length_mm: z.number().nullable(),
    }),
    shape_class: z.enum(["plate", "sheet_part", "block", "cylinder", "rod", "thin_walled", "complex"]),
    part_type: z.string().nullable().meta({
      description:
        "Lexicon concept named in the file name, tags or texts, e.g. bracket; for an assembly the one its file name or tags name, else `assembly`",
    }),
    material: z
      .object({
        id: z
          .string()
          .nullable()
          .meta({ description: "Price-catalogue material id, null when the catalogue lacks it" }),
        concept: z.string(),
        label: z.string(),
        confidence: z.number(),
        evidence: z.array(evidence),
      })
      .nullable(),
    material_reason: z.string().nullable().meta({ description: "Why no material was guessed" }),
    components: z
      .array(
        z.object({
          name: z.string(),
          bbox_mm: bbox,
          volume_cm3: z.number().optional(),
          cut_length_mm: z.number().optional(),
        }),
      )
      .meta({
        description:
          "Meshes: the named objects, one per placed instance (a STEP assembly's parts, 3MF build items, OBJ groups). Drawings: one per outer contour.",
      }),
    structure: z
      .object({
        type: z.enum(["single", "multiple", "assembly"]).meta({
          description:
            "assembly: a mesh with two or more distinct named parts; multiple: several components of one part (copies, a nested sheet)",
        }),
        components: z
          .int()
          .meta({ description: "Number of components (named objects / placed instances); equals `components.length`" }),
        distinct_parts: z
          .int()
          .meta({ description: "Components grouped by part name: bolt_1 and bolt_2 are one part" }),
        instances: z
          .array(z.object({ name: z.string(), count: z.int() }))
          .meta({ description: "Each distinct part with its number of instances, most first" }),
        shells: z.int().nullable().meta({
          description:
            "Connected shells of the mesh (the geometry's `parts`): touching components weld into one shell, so this is not a part count. Null for drawings.",
        }),
      })
      .meta({
        description:
          "How the file is built: show `components` and `distinct_parts`, not the geometry's `parts` (shells), as the part count",
      }),
    description: z.object({ id: z.string(), en: z.string() }),
    language: z.enum(["id", "en", "mixed", "unknown"]),
    analyzed_at: z.string(),
    analyzer: z.enum(["rules", "rules+llm"]),
  })
  .meta({ id: "FileMetadata" });

export const analyzeFileContract = defineOperation({
  operationId: "analyzeFile",
  method: "post",
  path: "/v1/files/{id}/analyze",
  summary:
    "Extract metadata (dimensions, holes, shape, material, components, bilingual description) and index the file for search",
  tags: ["Search"],
  envelope: "v1",
  service: "quote",
  scope: "files:write",
  plan: "pro",
  params: idParams("File id"),
  response: z.object({ file_id: z.string(), version_id: z.string(), metadata: fileMetadataSchema }),
  errors: ["not_found", "conflict"],
});

const list = <T extends z.ZodType>(item: T) => z.array(item).max(20).optional();

export const searchFilesContract = defineOperation({
  operationId: "searchFiles",
  method: "post",
  path: "/v1/search",
  summary: "Search the workspace's files in Indonesian or English, with sizes, thickness, holes and weight understood",
  description:
    'Examples: "braket baja tahan karat", "bracket under 50 mm", "pelat tebal 3mm", "parts heavier than 100 g in PETG". Matches in `highlights` are wrapped in « ».',
  tags: ["Search"],
  envelope: "v1",
  service: "quote",
  scope: "files:read",
  plan: "pro",
  body: z
    .object({
      query: z.string().trim().min(1).max(500),
      limit: z.int().min(1).max(50).default(10),
      filters: z
        .object({
          format: list(z.enum(FILE_FORMATS)),
          tag: list(z.string().trim().toLowerCase().min(1).max(50)),
          status: list(z.enum(FILE_STATUSES)),
          material: list(
            z
              .string()
              .regex(/^[a-z0-9_]+$/)
              .max(50),
          ).meta({ description: "Catalogue material ids (pla, ss304, …)" }),
        })
        .strict()
        .optional(),
    })
    .strict(),
  response: z.object({
    results: z.array(
      z.object({
        file: fileSchema,
        score: z.number(),
        matched_fields: z.array(z.enum(["name", "tags", "description", "metadata", "geometry"])),
        highlights: z.object({
          name: z.string().optional(),
          description_id: z.string().optional(),
          description_en: z.string().optional(),
        }),
        match: z
          .object({
            numbers: z.enum(["met", "near", "none"]).meta({
              description:
                "met: the file meets every number of the query; near: it misses one (ranked after); none: the query has no numbers",
            }),
            constraints: z.array(
              z.object({
                text: z.string(),
                attribute: z.string(),
                status: z.enum(["met", "near", "unknown"]),
                actual: z.number().nullable().meta({
                  description: "The file's value compared (the closest when several could answer); null when unknown",
                }),
                miss: z.number().nullable().meta({
                  description: "Relative distance outside the asked range: 0 when met, ≤ 0.5 for a near miss",
                }),
              }),
            ),
          })
          .meta({ description: "How the file answers each number of the query" }),
        metadata: fileMetadataSchema,
      }),
    ),
    interpretation: z.object({
      terms: z.array(
        z.object({ text: z.string(), concepts: z.array(z.string()), corrected_to: z.array(z.string()).optional() }),
      ),
      constraints: z.array(
        z.object({
          attribute: z.string(),
          op: z.enum(["lt", "gt", "eq", "between"]),
          value: z.number(),
          max: z.number().optional(),
          text: z.string(),
        }),
      ),
      dims: z.array(z.number()).nullable(),
      near_matches: z.int().meta({
        description:
          "Results that miss a number (near misses or unknown values), ranked after those that meet them all",
      }),
      no_results: z
        .object({
          reason: z.string(),
          terms: z
            .array(z.object({ text: z.string(), files: z.int() }))
            .meta({ description: "Files containing each word of the query" }),
          constraints: z
            .array(
              z.object({
                text: z.string(),
                attribute: z.string(),
                met: z.int(),
                near: z.int(),
                closest: z.number().nullable(),
              }),
            )
            .meta({
              description:
                "Among the files matching the words: how many meet or nearly meet each number, and the closest value",
            }),
        })
        .optional()
        .meta({ description: "Present when nothing was found: why" }),
    }),
  }),
  errors: ["invalid_request"],
});
