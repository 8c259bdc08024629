import { describe, expect, it, beforeAll } from "vitest";
import { count, eq } from "drizzle-orm";
import { workspaces } from "@/db/schema";
import { inTransaction, lockFor, type Db } from "./client";
import { useTestDb } from "@/test/helpers/test-db";

let db: Db;
beforeAll(async () => ({ db } = await useTestDb()));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const workspace = (id: string) => ({ id, name: id, createdAt: new Date() });
const exists = async (id: string) => (await db.select().from(workspaces).where(eq(workspaces.id, id))).length === 1;

describe("inTransaction", () => {
  it("a rolled-back transaction takes only its own writes along, not those of requests that ran meanwhile", async () => {
    const failing = inTransaction(db, async (tx) => {
      await tx.insert(workspaces).values(workspace("ws_rolled_back"));
      await sleep(50); // another request gets its turn here
      throw new Error("changed its mind");
    });
    await sleep(10);
    const other = db.insert(workspaces).values(workspace("ws_meanwhile"));
    await expect(failing).rejects.toThrow("changed its mind");
    await other;
    expect(await exists("ws_meanwhile")).toBe(true);
    expect(await exists("ws_rolled_back")).toBe(false);
  });

  it("nests as a savepoint when given a transaction", async () => {
    await inTransaction(db, async (tx) => {
      await tx.insert(workspaces).values(workspace("ws_outer"));
      await expect(
        inTransaction(tx, async (inner) => {
          await inner.insert(workspaces).values(workspace("ws_inner"));
          throw new Error("inner only");
        }),
      ).rejects.toThrow("inner only");
    });
    expect([await exists("ws_outer"), await exists("ws_inner")]).toEqual([true, false]);
  });

  it("read-then-write steps behind lockFor never interleave: 20 concurrent 'add if fewer than 5' add exactly 5", async () => {
    const prefix = "ws_capped_";
    const addIfRoom = (i: number) =>
      inTransaction(db, async (tx) => {
        await lockFor(tx, "capped-test"); // a no-op on SQLite, whose transactions already take turns
        const rows = await tx.select({ id: workspaces.id }).from(workspaces);
        if (rows.filter((r) => r.id.startsWith(prefix)).length >= 5) return false;
        await tx.insert(workspaces).values(workspace(`${prefix}${i}`));
        return true;
      });
    const added = await Promise.all(Array.from({ length: 20 }, (_, i) => addIfRoom(i)));
    expect(added.filter(Boolean)).toHaveLength(5);
    const [{ n }] = await db.select({ n: count() }).from(workspaces);
    expect(n).toBeGreaterThanOrEqual(5);
  });

  it("lockFor queues contenders: 10 concurrent next-number steps give 1…10", async () => {
    const next = () =>
      inTransaction(db, async (tx) => {
        await lockFor(tx, "numbering-test");
        const rows = await tx.select({ name: workspaces.name }).from(workspaces);
        const taken = rows.filter((r) => r.name.startsWith("n-")).map((r) => Number(r.name.slice(2)));
        const n = Math.max(0, ...taken) + 1;
        await tx.insert(workspaces).values({ ...workspace(`ws_n${n}`), name: `n-${n}` });
        return n;
      });
    const numbers = await Promise.all(Array.from({ length: 10 }, next));
    expect(numbers.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
