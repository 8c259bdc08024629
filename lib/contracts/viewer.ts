import { z } from "zod";
import { defineOperation } from "@/lib/api/operation";
import { MAX_VIEWER_TOKEN_SECONDS } from "@/lib/viewer/viewer-tokens";
import { idParams, isoDate } from "./common";

const boolParam = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1")
  .meta({ description: "true/false or 1/0" });

export const viewerTokenSchema = z
  .object({
    id: z.string().meta({ example: "vtk_0a2c4e6g8j0l2n4q6s8u0w2y" }),
    file_id: z.string(),
    version_id: z.string().nullable().meta({ description: "Pinned version; null follows the current version" }),
    allow_download: z.boolean(),
    state: z.enum(["active", "revoked", "expired"]),
    created_by: z.string(),
    created_at: isoDate,
    expires_at: isoDate.nullable(),
    revoked_at: isoDate.nullable(),
  })
  .meta({ id: "ViewerToken" });

export const createViewerLinkContract = defineOperation({
  operationId: "createViewerLink",
  method: "get",
  path: "/v1/files/{id}/viewer",
  summary: "Create an embeddable 3D/2D viewer link (a new token on every call)",
  description:
    "Each call creates a new viewer token and answers its secret once: the link opens `/embed/{token}` without signing in and shows this one file only (the display mesh or drawing; the original only with `allow_download=true`). It is a GET so that it can be pasted into a browser or a CMS, but it is not idempotent: list tokens with `/viewer/tokens` and revoke with `DELETE /viewer/{token_id}`. Without `version` the link follows the file's current version; with it, that version is pinned.",
  tags: ["Viewer"],
  envelope: "v1",
  service: "quote",
  scope: "files:read",
  params: idParams("File id"),
  query: z.object({
    version: z.coerce.number().int().min(1).optional().meta({ description: "Pin this version number" }),
    expires_in: z.coerce
      .number()
      .int()
      .min(60)
      .max(MAX_VIEWER_TOKEN_SECONDS)
      .optional()
      .meta({ description: "Seconds until the link stops working; default never" }),
    allow_download: boolParam.default(false),
  }),
  response: z.object({
    embed_url: z.string().meta({ example: "https://bengkel.example/embed/3q2-x9Zb…" }),
    token: z.string().meta({ description: "The secret in the URL; shown only here" }),
    token_id: z.string(),
    expires_at: isoDate.nullable(),
    iframe_html: z.string(),
  }),
  errors: ["not_found", "invalid_request"],
});

export const listViewerTokensContract = defineOperation({
  operationId: "listViewerTokens",
  method: "get",
  path: "/v1/files/{id}/viewer/tokens",
  summary: "The file's viewer links, newest first (no secrets)",
  tags: ["Viewer"],
  envelope: "v1",
  service: "quote",
  scope: "files:read",
  params: idParams("File id"),
  response: z.array(viewerTokenSchema),
  errors: ["not_found"],
});

export const revokeViewerTokenContract = defineOperation({
  operationId: "revokeViewerToken",
  method: "delete",
  path: "/v1/files/{id}/viewer/{token_id}",
  summary: "Revoke a viewer link: its embed page answers 410 from then on",
  tags: ["Viewer"],
  envelope: "v1",
  service: "quote",
  scope: "files:write",
  params: z.object({ id: z.string().min(1).max(100), token_id: z.string().min(1).max(100) }),
  response: viewerTokenSchema,
  errors: ["not_found"],
});
