import { eq, inArray, lt } from "drizzle-orm";
import { loginFailures } from "@/db/schema";
import { inTransaction, lockFor, type Db } from "@/lib/db/client";
import type { FailureStore } from "./failure-store";

const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * The failure times in the database, so every instance behind a load balancer counts the same guesses. Each
 * update is one transaction holding the keys' locks (PostgreSQL; SQLite's transactions are serialised anyway),
 * so parallel attempts on several instances cannot all pass the last free slot. Dead rows are pruned every
 * 10 minutes by whichever instance updates then.
 */
export class DbFailureStore implements FailureStore {
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async update<T>(keys: string[], windowMs: number, change: (times: Map<string, number[]>) => T): Promise<T> {
    if (keys.length === 0) return change(new Map());
    const result = await inTransaction(this.db, async (tx) => {
      // In one order, so two attempts sharing an address and an account cannot wait on each other.
      for (const key of [...keys].sort()) await lockFor(tx, `login:${key}`);
      const rows = await tx.select().from(loginFailures).where(inArray(loginFailures.key, keys));
      const before = new Map(rows.map((row) => [row.key, row.times]));
      const times = new Map(keys.map((key) => [key, JSON.parse(before.get(key) ?? "[]") as number[]]));
      const answer = change(times);
      for (const [key, list] of times) {
        const text = JSON.stringify(list);
        if (text === (before.get(key) ?? "[]")) continue;
        if (list.length === 0) await tx.delete(loginFailures).where(eq(loginFailures.key, key));
        else {
          const row = { key, times: text, expiresAt: new Date(list[list.length - 1] + windowMs) };
          await tx
            .insert(loginFailures)
            .values(row)
            .onConflictDoUpdate({ target: loginFailures.key, set: { times: row.times, expiresAt: row.expiresAt } });
        }
      }
      return answer;
    });
    if (this.now() - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = this.now();
      await this.db.delete(loginFailures).where(lt(loginFailures.expiresAt, new Date(this.now())));
    }
    return result;
  }
}
