import { and, eq } from "drizzle-orm";
import { vpsActions, vpsInstances, type VpsCommand } from "@/db/schema";
import { inTransaction, type Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { keyset, keysetPage, newestFirst, type PageQuery } from "@/lib/db/keyset-page";
import { findImage, findPlan, findRegion } from "./catalogue";
import { getVpsProvider } from "./local-provider";
import { COMMANDS, tickVps } from "./vps-lifecycle";

export type VpsRow = typeof vpsInstances.$inferSelect;
export type VpsActionRow = typeof vpsActions.$inferSelect;

export async function listVps(db: Db, workspaceId: string, page: PageQuery, now = new Date()) {
  await tickVps(db, now);
  const { after, order } = keyset(newestFirst(vpsInstances.createdAt, vpsInstances.id), page.cursor);
  const rows = await db
    .select()
    .from(vpsInstances)
    .where(and(eq(vpsInstances.workspaceId, workspaceId), after))
    .orderBy(...order)
    .limit(page.limit + 1);
  return keysetPage(rows, page.limit, (r) => ({ v: r.createdAt, id: r.id }));
}

export async function getVps(db: Db, workspaceId: string, id: string, now = new Date()): Promise<VpsRow> {
  await tickVps(db, now);
  const row = (
    await db
      .select()
      .from(vpsInstances)
      .where(and(eq(vpsInstances.workspaceId, workspaceId), eq(vpsInstances.id, id)))
      .limit(1)
  )[0];
  if (!row) throw new DomainError("not_found", `No VPS \`${id}\` in this workspace.`, { param: "id" });
  return row;
}

export async function createVps(
  db: Db,
  workspaceId: string,
  input: { label: string; region: string; plan: string; image: string },
  now = new Date(),
): Promise<VpsRow> {
  if (!findRegion(input.region))
    throw new DomainError("invalid_request", `Unknown region \`${input.region}\`; see GET /v1/vps/regions.`, {
      param: "region",
    });
  const plan = findPlan(input.plan);
  if (!plan)
    throw new DomainError("invalid_request", `Unknown plan \`${input.plan}\`; see GET /v1/vps/plans.`, {
      param: "plan",
    });
  if (!findImage(input.image))
    throw new DomainError("invalid_request", `Unknown image \`${input.image}\`; see GET /v1/vps/images.`, {
      param: "image",
    });
  await tickVps(db, now);
  const provider = getVpsProvider();
  return await inTransaction(db, async (tx) => {
    await assertLabelFree(tx, workspaceId, input.label);
    const used = new Set((await tx.select({ i: vpsInstances.addressIndex }).from(vpsInstances)).map((r) => r.i));
    let index = 0;
    while (used.has(index)) index++;
    if (index >= provider.poolSize)
      throw new DomainError("conflict", "The address pool is exhausted; delete an instance first.");
    const row: VpsRow = {
      id: newId("vps"),
      workspaceId,
      label: input.label,
      region: input.region,
      plan: plan.code,
      image: input.image,
      status: "provisioning",
      provider: provider.name,
      addressIndex: index,
      ...provider.addresses(index),
      vcpus: plan.vcpus,
      memoryMb: plan.memory_mb,
      diskGb: plan.disk_gb,
      settlesAt: new Date(now.getTime() + provider.durationMs("provisioning")),
      createdAt: now,
    };
    await tx.insert(vpsInstances).values(row);
    await tx
      .insert(vpsActions)
      .values({ id: newId("vpsAction"), vpsId: row.id, command: "create", status: "in_progress", startedAt: now });
    return row;
  });
}

export async function updateVps(
  db: Db,
  workspaceId: string,
  id: string,
  input: { label?: string; plan?: string },
  now = new Date(),
): Promise<VpsRow> {
  const vps = await getVps(db, workspaceId, id, now);
  const changes: Partial<VpsRow> = {};
  if (input.label !== undefined && input.label !== vps.label) {
    await assertLabelFree(db, workspaceId, input.label);
    changes.label = input.label;
  }
  if (input.plan !== undefined && input.plan !== vps.plan) {
    const plan = findPlan(input.plan);
    if (!plan)
      throw new DomainError("invalid_request", `Unknown plan \`${input.plan}\`; see GET /v1/vps/plans.`, {
        param: "plan",
      });
    if (vps.status !== "stopped") {
      throw new DomainError(
        "invalid_state",
        `Resizing needs a stopped VPS; this one is ${vps.status}. Stop it first.`,
        {
          param: "plan",
          details: { current_status: vps.status },
        },
      );
    }
    if (plan.disk_gb < vps.diskGb)
      throw new DomainError("invalid_request", "A disk cannot shrink; choose a plan with at least as much disk.", {
        param: "plan",
      });
    Object.assign(changes, { plan: plan.code, vcpus: plan.vcpus, memoryMb: plan.memory_mb, diskGb: plan.disk_gb });
  }
  if (Object.keys(changes).length) await db.update(vpsInstances).set(changes).where(eq(vpsInstances.id, vps.id));
  return { ...vps, ...changes };
}

/** restart / start / stop / delete: checks the state machine, enters the transitional status, records the action. */
export async function runVpsCommand(
  db: Db,
  workspaceId: string,
  id: string,
  command: Exclude<VpsCommand, "create">,
  now = new Date(),
): Promise<VpsActionRow> {
  const vps = await getVps(db, workspaceId, id, now);
  const rule = COMMANDS[command];
  if (!rule.from.includes(vps.status)) {
    throw new DomainError("invalid_state", `Cannot ${command} a VPS that is ${vps.status}.`, {
      details: { current_status: vps.status, allowed_from: rule.from },
    });
  }
  const action: VpsActionRow = {
    id: newId("vpsAction"),
    vpsId: vps.id,
    command,
    status: "in_progress",
    startedAt: now,
    finishedAt: null,
  };
  await inTransaction(db, async (tx) => {
    // A command overrides an unfinished one (e.g. delete while provisioning): that one ends now.
    await tx
      .update(vpsActions)
      .set({ status: "completed", finishedAt: now })
      .where(and(eq(vpsActions.vpsId, vps.id), eq(vpsActions.status, "in_progress")));
    await tx
      .update(vpsInstances)
      .set({ status: rule.enters, settlesAt: new Date(now.getTime() + getVpsProvider().durationMs(rule.enters)) })
      .where(eq(vpsInstances.id, vps.id));
    await tx.insert(vpsActions).values(action);
  });
  return action;
}

async function assertLabelFree(db: Pick<Db, "select">, workspaceId: string, label: string): Promise<void> {
  const taken = (
    await db
      .select({ id: vpsInstances.id })
      .from(vpsInstances)
      .where(and(eq(vpsInstances.workspaceId, workspaceId), eq(vpsInstances.label, label)))
      .limit(1)
  )[0];
  if (taken)
    throw new DomainError("conflict", `A VPS labelled \`${label}\` already exists in this workspace.`, {
      param: "label",
      details: { id: taken.id },
    });
}

export function serializeVps(row: VpsRow) {
  return {
    id: row.id,
    label: row.label,
    region: row.region,
    status: row.status,
    plan: row.plan,
    image: row.image,
    ipv4: row.ipv4,
    ipv6: row.ipv6,
    vcpus: row.vcpus,
    memory_mb: row.memoryMb,
    disk_gb: row.diskGb,
    provider: row.provider,
    created_at: row.createdAt.toISOString(),
  };
}

export function serializeVpsAction(row: VpsActionRow) {
  return {
    id: row.id,
    vps_id: row.vpsId,
    command: row.command,
    status: row.status,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
