import { z } from "zod";
import { defineOperation } from "@/lib/api/operation";
import { FILE_FORMATS, FILE_STATUSES } from "@/db/schema";
import { FILE_SORTS } from "@/lib/files/list-files";
import { tagsSchema } from "@/lib/files/tags";
import { idParams, isoDate } from "./common";

export const fileSchema = z
  .object({
    id: z.string().meta({ example: "file_5b7d9f1h3k5m7p9r1t3v5x7z" }),
    name: z.string(),
    format: z.enum(FILE_FORMATS),
    kind: z.enum(["mesh", "laser"]).meta({ description: "mesh = 3D printing, laser = 2D cutting" }),
    status: z.enum(FILE_STATUSES),
    tags: z.array(z.string()),
    current_version_id: z.string(),
    version_count: z.int(),
    size_bytes: z.int(),
    created_at: isoDate,
    updated_at: isoDate,
  })
  .meta({ id: "File" });

export const versionSchema = z
  .object({
    id: z.string().meta({ example: "ver_2c4e6g8j0l2n4q6s8u0w2y4a" }),
    number: z.int(),
    original_name: z.string(),
    format: z.enum(FILE_FORMATS),
    kind: z.enum(["mesh", "laser"]),
    sha256: z.string(),
    size_bytes: z.int(),
    uploaded_by: z.string().meta({ description: "API key id or user id" }),
    created_at: isoDate,
    geometry: z.record(z.string(), z.unknown()).meta({ description: "Measured geometry (see the quote endpoints)" }),
  })
  .meta({ id: "FileVersion" });

const fileWithVersion = z.object({ file: fileSchema, version: versionSchema });

const many = <T extends z.ZodType>(item: T) =>
  z.union([item, z.array(item)]).transform((v) => (Array.isArray(v) ? v : [v]));
const dateParam = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .transform((s) => new Date(s))
  .meta({ description: "ISO 8601 date or date-time" });

const UPLOAD_FAILURES = [
  "payload_too_large",
  "unsupported_format",
  "unreadable_file",
  "empty_geometry",
  "invalid_request",
] as const;

export const uploadFileContract = defineOperation({
  operationId: "uploadFile",
  method: "post",
  path: "/v1/files",
  summary: "Upload a CAD file (multipart `file`, optional `name`, `tags`); creates version 1 and analyses it",
  description:
    "Accepted: STL, 3MF, OBJ, AMF, PLY, OFF, STEP/IGES/BREP (3D) and DXF, DWG (laser). The format is detected from content and extension. Size limit per file: 25 MB on free, 200 MB on pro/team.",
  tags: ["Files"],
  envelope: "v1",
  service: "quote",
  scope: "files:write",
  body: "multipart",
  multipart: z.object({
    file: z
      .string()
      .meta({ format: "binary", description: "The CAD file; its name's extension helps detect the format" }),
    name: z.string().max(200).optional().meta({ description: "Display name (default: the file's name)" }),
    tags: z
      .array(z.string().max(50))
      .max(20)
      .optional()
      .meta({ description: "Repeat the field, or send one comma-separated value" }),
  }),
  response: fileWithVersion,
  successStatus: 201,
  errors: [...UPLOAD_FAILURES],
});

export const listFilesContract = defineOperation({
  operationId: "listFiles",
  method: "get",
  path: "/v1/files",
  summary: "List files, filtered by format, tag, date, name and status, with cursor pagination",
  tags: ["Files"],
  envelope: "v1",
  service: "quote",
  scope: "files:read",
  query: z.object({
    format: many(z.enum(FILE_FORMATS)).optional().meta({ description: "Repeatable" }),
    tag: many(z.string().trim().toLowerCase().min(1).max(50))
      .optional()
      .meta({ description: "Repeatable; all must match" }),
    status: many(z.enum(FILE_STATUSES)).optional(),
    q: z.string().trim().min(1).max(200).optional().meta({ description: "Name contains (case-insensitive)" }),
    created_after: dateParam.optional(),
    created_before: dateParam.optional(),
    sort: z.enum(FILE_SORTS).default("-created_at"),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    cursor: z.string().max(500).optional(),
  }),
  response: fileSchema,
  paginated: true,
  errors: ["invalid_request"],
});

export const getFileContract = defineOperation({
  operationId: "getFile",
  method: "get",
  path: "/v1/files/{id}",
  summary: "A file with its current version and geometry",
  tags: ["Files"],
  envelope: "v1",
  service: "quote",
  scope: "files:read",
  params: idParams("File id"),
  response: fileWithVersion,
  errors: ["not_found"],
});

export const updateFileContract = defineOperation({
  operationId: "updateFile",
  method: "patch",
  path: "/v1/files/{id}",
  summary: "Rename a file or replace its tags",
  tags: ["Files"],
  envelope: "v1",
  service: "quote",
  scope: "files:write",
  params: idParams("File id"),
  body: z.object({ name: z.string().trim().min(1).max(200).optional(), tags: tagsSchema.optional() }).strict(),
  response: fileSchema,
  errors: ["not_found"],
});

export const deleteFileContract = defineOperation({
  operationId: "deleteFile",
  method: "delete",
  path: "/v1/files/{id}",
  summary: "Delete a file and all its versions",
  tags: ["Files"],
  envelope: "v1",
  service: "quote",
  scope: "files:write",
  params: idParams("File id"),
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  errors: ["not_found"],
});

export const downloadFileContract = defineOperation({
  operationId: "downloadFile",
  method: "get",
  path: "/v1/files/{id}/download",
  summary: "The original bytes of the current (or a given) version; Range and If-None-Match are honoured",
  tags: ["Files"],
  envelope: "v1",
  service: "quote",
  scope: "files:read",
  params: idParams("File id"),
  query: z.object({ version: z.coerce.number().int().min(1).optional() }),
  response: z.string().meta({ format: "binary" }),
  binary: "ranges",
  errors: ["not_found", "range_not_satisfiable"],
});

export const uploadVersionContract = defineOperation({
  operationId: "uploadFileVersion",
  method: "post",
  path: "/v1/files/{id}/versions",
  summary: "Upload a new version (multipart `file`); the file returns to draft",
  tags: ["Versions"],
  envelope: "v1",
  service: "quote",
  scope: "files:write",
  params: idParams("File id"),
  body: "multipart",
  response: fileWithVersion,
  successStatus: 201,
  errors: ["not_found", ...UPLOAD_FAILURES],
});

const metricChange = z.object({
  metric: z.string(),
  old: z.number(),
  new: z.number(),
  change: z.number(),
  change_pct: z.number().nullable(),
});

export const versionWithDiffSchema = versionSchema
  .extend({
    diff: z
      .object({
        against_version: z.int(),
        bytes_changed: z.boolean(),
        size_change_bytes: z.int(),
        kind_changed: z.boolean(),
        changes: z.array(metricChange),
        reference_price: z
          .object({
            basis: z.enum(["pla_20_infill", "mild_steel_2mm"]),
            old_idr: z.number(),
            new_idr: z.number(),
            change_idr: z.number(),
            change_pct: z.number().nullable(),
          })
          .nullable(),
        summary: z.object({ en: z.string(), id: z.string() }).meta({
          example: {
            en: "Volume +25.0% (24.0 → 30.0 cm³); bbox Z 20.0 → 25.0 mm",
            id: "Volume +25,0% (24,0 → 30,0 cm³); bbox Z 20,0 → 25,0 mm",
          },
        }),
      })
      .nullable()
      .meta({ description: "Against the previous version; null for version 1." }),
  })
  .meta({ id: "FileVersionWithDiff" });

export const listVersionsContract = defineOperation({
  operationId: "listFileVersions",
  method: "get",
  path: "/v1/files/{id}/versions",
  summary: "All versions, newest first, each with a diff summary against the previous one",
  description:
    "The reference price is PLA at 20 % infill (meshes) or 2 mm mild steel (drawings) at the default catalogue.",
  tags: ["Versions"],
  envelope: "v1",
  service: "quote",
  scope: "files:read",
  plan: "pro",
  params: idParams("File id"),
  response: z.array(versionWithDiffSchema),
  errors: ["not_found"],
});

const statusChange = z.object({
  file: fileSchema,
  history: z.array(
    z.object({
      from: z.enum(FILE_STATUSES),
      to: z.enum(FILE_STATUSES),
      actor: z.string().meta({ description: "The API key (`key_…`) or user (`usr_…`) id" }),
      actor_name: z.string().nullable().meta({
        description: "Who that is to a person: the key's name or the user's name; null once the key or user is gone",
      }),
      reason: z.string().nullable(),
      at: isoDate,
    }),
  ),
});

const transition = (action: "submit" | "approve" | "reject", summary: string) =>
  defineOperation({
    operationId: `${action}File`,
    method: "post",
    path: `/v1/files/{id}/${action}`,
    summary,
    description:
      "Statuses: draft → pending_approval (submit) → approved (approve) | rejected (reject, with a reason); a rejected file can be submitted again and a new version returns a file to draft. A wrong transition is 409 `invalid_state` with `details.current_status`. Every transition is recorded and emits a webhook event.",
    tags: ["Approval"],
    envelope: "v1",
    service: "quote",
    scope: action === "submit" ? "files:write" : "files:approve",
    params: idParams("File id"),
    body:
      action === "reject"
        ? z.object({ reason: z.string().trim().min(1).max(1000) })
        : z.object({ reason: z.string().trim().max(1000).optional() }).optional(),
    response: statusChange,
    errors: ["not_found", "invalid_state"],
  });

export const submitFileContract = transition("submit", "Submit a draft (or rejected) file for approval");
export const approveFileContract = transition(
  "approve",
  "Approve a file pending approval (owner/admin, or a key with files:approve)",
);
export const rejectFileContract = transition("reject", "Reject a file pending approval, with a reason");
