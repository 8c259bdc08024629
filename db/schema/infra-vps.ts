import { sqliteTable, text, integer, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspaces";

export const VPS_STATUSES = [
  "provisioning",
  "running",
  "rebooting",
  "stopping",
  "stopped",
  "starting",
  "deleting",
] as const;
export type VpsStatus = (typeof VPS_STATUSES)[number];

export const VPS_COMMANDS = ["create", "restart", "start", "stop", "delete"] as const;
export type VpsCommand = (typeof VPS_COMMANDS)[number];

export const vpsInstances = sqliteTable(
  "vps_instances",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    region: text("region").notNull(),
    plan: text("plan").notNull(),
    image: text("image").notNull(),
    status: text("status", { enum: VPS_STATUSES }).notNull(),
    /** Which provider runs it ("local" simulates the lifecycle on this machine). */
    provider: text("provider").notNull(),
    /** Index into the provider's address pool; unique so two instances never share an address. */
    addressIndex: integer("address_index").notNull().unique(),
    ipv4: text("ipv4").notNull(),
    ipv6: text("ipv6").notNull(),
    vcpus: integer("vcpus").notNull(),
    memoryMb: integer("memory_mb").notNull(),
    diskGb: integer("disk_gb").notNull(),
    /** When the current transitional status (provisioning, rebooting, …) ends; null when settled. */
    settlesAt: integer("settles_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("vps_instances_workspace_label_idx").on(t.workspaceId, t.label),
    index("vps_instances_workspace_created_idx").on(t.workspaceId, t.createdAt, t.id),
    index("vps_instances_settles_idx").on(t.settlesAt),
  ],
);

/** One lifecycle command; finished when the instance settles. */
export const vpsActions = sqliteTable(
  "vps_actions",
  {
    id: text("id").primaryKey(),
    vpsId: text("vps_id")
      .notNull()
      .references(() => vpsInstances.id, { onDelete: "cascade" }),
    command: text("command", { enum: VPS_COMMANDS }).notNull(),
    status: text("status", { enum: ["in_progress", "completed"] }).notNull(),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("vps_actions_vps_status_idx").on(t.vpsId, t.status)],
);
