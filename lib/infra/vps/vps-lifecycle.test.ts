import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { vpsActions, vpsInstances } from "@/db/schema";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { createVps, runVpsCommand } from "./manage-vps";
import { settleVps, tickVps } from "./vps-lifecycle";

const input = { label: "web", region: "sgp1", plan: "s-1vcpu-1gb", image: "debian-12" };

// Every app instance runs a ticker: each may act on a row another ticker, or a command, has changed since it read it.
describe("settling a VPS from a row read earlier", () => {
  it("leaves a newer transition alone: a delete while provisioning is not undone", async () => {
    const { db } = await useTestDb();
    const { workspace } = await seedWorkspace(db);
    const created = new Date("2026-11-25T10:00:00Z");
    const vps = await createVps(db, workspace.id, input, created);
    const read = (await db.select().from(vpsInstances).where(eq(vpsInstances.id, vps.id)))[0];
    expect(read.status).toBe("provisioning");
    await runVpsCommand(db, workspace.id, vps.id, "delete", new Date(created.getTime() + 1_000));

    expect(await settleVps(db, read)).toBe(false);
    const [row] = await db.select().from(vpsInstances).where(eq(vpsInstances.id, vps.id));
    expect(row.status).toBe("deleting");
    // The delete still completes when it is due.
    expect(await tickVps(db, new Date(row.settlesAt!.getTime() + 1))).toBe(1);
    expect(await db.select().from(vpsInstances).where(eq(vpsInstances.id, vps.id))).toHaveLength(0);
  });

  it("two tickers that read the same due row settle it once", async () => {
    const { db } = await useTestDb();
    const { workspace } = await seedWorkspace(db);
    const vps = await createVps(db, workspace.id, input, new Date("2026-11-25T10:00:00Z"));
    const read = (await db.select().from(vpsInstances).where(eq(vpsInstances.id, vps.id)))[0];
    expect(await Promise.all([settleVps(db, read), settleVps(db, read)])).toEqual(
      expect.arrayContaining([true, false]),
    );
    const [row] = await db.select().from(vpsInstances).where(eq(vpsInstances.id, vps.id));
    expect(row).toMatchObject({ status: "running", settlesAt: null });
    const actions = await db.select().from(vpsActions).where(eq(vpsActions.vpsId, vps.id));
    expect(actions.map((a) => [a.command, a.status, a.finishedAt?.getTime()])).toEqual([
      ["create", "completed", read.settlesAt!.getTime()],
    ]);
  });
});
