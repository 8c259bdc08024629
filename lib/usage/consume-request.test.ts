import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { usageCounters } from "@/db/schema";
import { consumeRequest, quotaWindow, rateWindow } from "./consume-request";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import type { Db } from "@/lib/db/client";

const run = promisify(execFile);
let db: Db;
let url: string;
beforeAll(async () => ({ db, url } = await useTestDb()));

describe("consumeRequest", () => {
  it("quote windows are UTC days; infra windows are clock minutes", () => {
    const now = new Date("2026-11-22T23:59:30.500Z");
    expect(quotaWindow(now)).toMatchObject({ key: "quote:2026-11-22", resetAt: new Date("2026-11-23T00:00:00Z") });
    expect(rateWindow(now).resetAt).toEqual(new Date("2026-11-23T00:00:00Z"));
  });

  it("lets exactly the limit through and counts the rest as rejected", async () => {
    const { workspace } = await seedWorkspace(db, { infraPlan: "solo_edge" });
    const now = new Date("2026-11-22T10:00:05Z");
    let passed = 0;
    for (let i = 0; i < 100; i++) {
      try {
        await consumeRequest(db, workspace, "infra", now);
        passed++;
      } catch {
        /* counted below */
      }
    }
    expect(passed).toBe(60);
    const row = (
      await db
        .select()
        .from(usageCounters)
        .where(and(eq(usageCounters.workspaceId, workspace.id), eq(usageCounters.window, rateWindow(now).key)))
        .limit(1)
    )[0];
    expect(row).toMatchObject({ count: 60, rejected: 40 });
    // The next minute is a fresh window.
    expect(async () => await consumeRequest(db, workspace, "infra", new Date("2026-11-22T10:01:00Z"))).not.toThrow();
  });

  it.each([
    ["continental", 300],
    ["planetary", 1000],
  ] as const)("%s allows %i per minute", async (infraPlan, limit) => {
    const { workspace } = await seedWorkspace(db, { infraPlan });
    const now = new Date("2026-11-22T11:00:00Z");
    let passed = 0;
    for (let i = 0; i < limit + 25; i++) {
      try {
        await consumeRequest(db, workspace, "infra", now);
        passed++;
      } catch {
        /* over the limit */
      }
    }
    expect(passed).toBe(limit);
  });

  it("is exact when 4 processes race on one database file: 60 of 100 pass", async () => {
    const { workspace } = await seedWorkspace(db, { infraPlan: "solo_edge" });
    // Start all four at the same instant, far enough from a minute boundary.
    let startAt = Date.now() + 3000;
    if (startAt % 60_000 > 50_000) startAt += 15_000;
    const results = await Promise.all(
      [0, 1, 2, 3].map(() =>
        run(process.execPath, [
          "--import",
          "tsx",
          "test/helpers/consume-worker.ts",
          url,
          workspace.id,
          "infra",
          "25",
          String(startAt),
        ]),
      ),
    );
    const passed = results.reduce((sum, r) => sum + Number(r.stdout), 0);
    expect(passed).toBe(60);
  }, 60_000);
});
