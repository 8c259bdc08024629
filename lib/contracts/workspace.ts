import { z } from "zod";
import { defineOperation } from "@/lib/api/operation";
import { INFRA_PLANS, QUOTE_PLANS } from "@/lib/plans/plans";
import { isoDate, scopeSchema } from "./common";

export const workspaceSchema = z
  .object({
    id: z.string().meta({ example: "ws_8k2m4n6p8r0t2v4x6z8b0d2f" }),
    name: z.string(),
    plan: z.enum(QUOTE_PLANS),
    infra_plan: z.enum(INFRA_PLANS),
    created_at: isoDate,
    usage_today: z.object({
      used: z.int(),
      rejected: z.int(),
      limit: z.int().nullable().meta({ description: "null = unlimited (team plan)" }),
      resets_at: isoDate,
    }),
    key: z.object({ id: z.string(), name: z.string(), scopes: z.array(scopeSchema) }),
  })
  .meta({ id: "Workspace" });

export const getWorkspaceContract = defineOperation({
  operationId: "getWorkspace",
  method: "get",
  path: "/v1/workspace",
  summary: "The workspace of the calling key, its plans and today's usage",
  tags: ["Workspace"],
  envelope: "v1",
  service: "quote",
  response: workspaceSchema,
});
