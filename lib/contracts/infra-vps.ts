import { z } from "zod";
import { defineOperation } from "@/lib/api/operation";
import { VPS_COMMANDS, VPS_STATUSES } from "@/db/schema";
import { idParams, isoDate } from "./common";
import { hostLabel, idempotencyNote, infraOp, pageQuery } from "./infra-common";

const common = infraOp("VPS");

export const vpsSchema = z
  .object({
    id: z.string().meta({ example: "vps_4k2m9q7x1c3v5b8n0p2r4t6y" }),
    label: z.string(),
    region: z.string().meta({ example: "sgp1" }),
    status: z.enum(VPS_STATUSES),
    plan: z.string().meta({ example: "s-1vcpu-1gb" }),
    image: z.string().meta({ example: "debian-12" }),
    ipv4: z.string().meta({ example: "192.0.2.1" }),
    ipv6: z.string().meta({ example: "2001:db8:1::1" }),
    vcpus: z.int(),
    memory_mb: z.int(),
    disk_gb: z.int(),
    provider: z
      .string()
      .meta({ description: '"local": a simulated lifecycle with documentation-range addresses (RFC 5737 / RFC 3849)' }),
    created_at: isoDate,
  })
  .meta({ id: "Vps" });

export const vpsActionSchema = z
  .object({
    id: z.string().meta({ example: "act_8d0f2h4j6l8n0q2s4u6w8y0a" }),
    vps_id: z.string(),
    command: z.enum(VPS_COMMANDS),
    status: z.enum(["in_progress", "completed"]),
    started_at: isoDate,
    finished_at: isoDate.nullable(),
  })
  .meta({ id: "VpsAction" });

const lifecycle =
  "Statuses: provisioning → running; running → rebooting → running (restart); running → stopping → stopped (stop); stopped → starting → running (start); any → deleting → gone (404). A command from the wrong status is 409 `invalid_state` with `details.current_status`.";

export const listVpsContract = defineOperation({
  ...common,
  operationId: "listVps",
  method: "get",
  path: "/v1/vps",
  summary: "List VPS instances, newest first",
  scope: "infra:read",
  query: pageQuery,
  response: vpsSchema,
  paginated: true,
  errors: ["invalid_request"],
});

export const createVpsContract = defineOperation({
  ...common,
  operationId: "createVps",
  method: "post",
  path: "/v1/vps",
  summary: "Create a VPS; it starts in `provisioning` and becomes `running`",
  description: `${lifecycle} ${idempotencyNote}`,
  idempotent: true,
  scope: "infra:write",
  body: z.object({
    label: hostLabel,
    region: z.string().min(1).max(50),
    plan: z.string().min(1).max(50),
    image: z.string().min(1).max(50),
  }),
  response: vpsSchema,
  successStatus: 201,
  errors: ["invalid_request", "conflict"],
});

export const getVpsContract = defineOperation({
  ...common,
  operationId: "getVps",
  method: "get",
  path: "/v1/vps/{id}",
  summary: "A VPS instance",
  scope: "infra:read",
  params: idParams("VPS id"),
  response: vpsSchema,
  errors: ["not_found"],
});

export const updateVpsContract = defineOperation({
  ...common,
  operationId: "updateVps",
  method: "patch",
  path: "/v1/vps/{id}",
  summary: "Rename a VPS, or resize it (plan) while it is stopped",
  scope: "infra:write",
  params: idParams("VPS id"),
  body: z.object({ label: hostLabel.optional(), plan: z.string().min(1).max(50).optional() }).strict(),
  response: vpsSchema,
  errors: ["not_found", "invalid_request", "conflict", "invalid_state"],
});

export const deleteVpsContract = defineOperation({
  ...common,
  operationId: "deleteVps",
  method: "delete",
  path: "/v1/vps/{id}",
  summary: "Delete a VPS: it enters `deleting`, then is gone",
  scope: "infra:write",
  params: idParams("VPS id"),
  response: vpsActionSchema,
  successStatus: 202,
  errors: ["not_found", "invalid_state"],
});

const command = (name: "restart" | "start" | "stop", summary: string) =>
  defineOperation({
    ...common,
    operationId: `${name}Vps`,
    method: "post",
    path: `/v1/vps/{id}/${name}`,
    summary,
    description: `${lifecycle} ${idempotencyNote}`,
    idempotent: true,
    scope: "infra:write",
    params: idParams("VPS id"),
    response: vpsActionSchema,
    successStatus: 202,
    errors: ["not_found", "invalid_state", "conflict"],
  });

export const restartVpsContract = command("restart", "Restart a running VPS");
export const startVpsContract = command("start", "Start a stopped VPS");
export const stopVpsContract = command("stop", "Stop a running VPS");

const catalogue = <T extends z.ZodType>(name: string, item: T, summary: string) =>
  defineOperation({
    ...common,
    operationId: `listVps${name[0].toUpperCase()}${name.slice(1)}`,
    method: "get",
    path: `/v1/vps/${name}`,
    summary,
    scope: "infra:read",
    response: z.array(item),
  });

export const listVpsRegionsContract = catalogue(
  "regions",
  z.object({ code: z.string(), name: z.string(), country: z.string() }),
  "Regions a VPS can be created in",
);
export const listVpsPlansContract = catalogue(
  "plans",
  z.object({ code: z.string(), vcpus: z.int(), memory_mb: z.int(), disk_gb: z.int(), price_idr_monthly: z.int() }),
  "VPS sizes",
);
export const listVpsImagesContract = catalogue(
  "images",
  z.object({ code: z.string(), name: z.string(), family: z.string() }),
  "Operating-system images",
);
