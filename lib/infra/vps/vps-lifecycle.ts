import { and, eq, isNotNull, lte } from "drizzle-orm";
import { vpsActions, vpsInstances, type VpsCommand, type VpsStatus } from "@/db/schema";
import { inTransaction, type Db } from "@/lib/db/client";
import type { TransitionalStatus } from "./local-provider";

type VpsInstanceRow = typeof vpsInstances.$inferSelect;

type LifecycleCommand = Exclude<VpsCommand, "create">;

/** Which statuses a command is allowed from, and the transitional status it enters. */
export const COMMANDS: Record<LifecycleCommand, { from: readonly VpsStatus[]; enters: TransitionalStatus }> = {
  restart: { from: ["running"], enters: "rebooting" },
  stop: { from: ["running"], enters: "stopping" },
  start: { from: ["stopped"], enters: "starting" },
  delete: { from: ["provisioning", "running", "rebooting", "stopping", "stopped", "starting"], enters: "deleting" },
};

/** Where each transitional status ends; null = the instance is gone. */
export const SETTLES_TO: Record<TransitionalStatus, VpsStatus | null> = {
  provisioning: "running",
  rebooting: "running",
  stopping: "stopped",
  starting: "running",
  deleting: null,
};

/**
 * Moves every instance whose transition is due to its settled status and
 * finishes its action. Run by the ticker and before every read, so answers are
 * right even when no ticker runs (tests pass their own `now`).
 */
export async function tickVps(db: Db, now = new Date()): Promise<number> {
  const due = await db
    .select()
    .from(vpsInstances)
    .where(and(isNotNull(vpsInstances.settlesAt), lte(vpsInstances.settlesAt, now)));
  for (const vps of due) await settleVps(db, vps);
  return due.length;
}

/**
 * Settles one instance as it was read. Every app instance runs a ticker, so the row may have moved on since: another
 * ticker settled it, or a command (a delete while provisioning) started a new transition. Only the transition that
 * was read is ended; anything newer is left alone. Answers whether it settled the instance.
 */
export async function settleVps(db: Db, vps: VpsInstanceRow): Promise<boolean> {
  return await inTransaction(db, async (tx) => {
    const unchanged = and(
      eq(vpsInstances.id, vps.id),
      eq(vpsInstances.status, vps.status),
      eq(vpsInstances.settlesAt, vps.settlesAt!),
    );
    const next = SETTLES_TO[vps.status as TransitionalStatus];
    // Its actions go with a deleted instance (the foreign key cascades).
    const settled =
      next === null
        ? await tx.delete(vpsInstances).where(unchanged).returning({ id: vpsInstances.id })
        : await tx
            .update(vpsInstances)
            .set({ status: next ?? vps.status, settlesAt: null })
            .where(unchanged)
            .returning({ id: vpsInstances.id });
    if (settled.length === 0) return false;
    await tx
      .update(vpsActions)
      .set({ status: "completed", finishedAt: vps.settlesAt })
      .where(and(eq(vpsActions.vpsId, vps.id), eq(vpsActions.status, "in_progress")));
    return true;
  });
}

/** Settles due instances every second; `stop()` clears the timer. */
export function startVpsTicker(db: Db, everyMs = 1_000): { stop: () => void } {
  const timer = setInterval(async () => await tickVps(db), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
