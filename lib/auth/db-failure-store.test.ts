import { beforeAll, expect, it } from "vitest";
import { loginFailures } from "@/db/schema";
import { closeDb, openDb, type Db } from "@/lib/db/client";
import { useTestDb } from "@/test/helpers/test-db";
import { DbFailureStore } from "./db-failure-store";
import { LoginThrottle } from "./login-throttle";

let db: Db;
let url: string;
beforeAll(async () => {
  ({ db, url } = await useTestDb());
});

const noSleep = { sleep: async () => {} };

// Two instances: two throttles over one database, through two connections on PostgreSQL (npm run test:postgres).
// SQLite's instances are processes (its driver blocks the thread waiting for a lock): here they share the connection.
it("counts the same guesses on every instance, and parallel attempts cannot all take the last slot", async () => {
  const other = url.startsWith("file:") ? db : openDb(url);
  const a = new LoginThrottle({ ...noSleep, store: new DbFailureStore(db) });
  const b = new LoginThrottle({ ...noSleep, store: new DbFailureStore(other) });
  const guess = (t: LoginThrottle, i: number) =>
    t.attempt({ account: "owner@shop.test", address: `198.51.100.${i}` }, async () => null);
  for (let i = 0; i < 5; i++) await guess(a, i);
  for (let i = 5; i < 9; i++) await guess(b, i);
  expect(await a.check({ account: "owner@shop.test" })).toMatchObject({ allowed: true });
  // One slot left (the limit is 10): 8 attempts at once, half on each instance.
  const racing = await Promise.all(Array.from({ length: 8 }, (_, i) => guess(i % 2 ? a : b, 20 + i)));
  expect(racing.filter((r) => r.status === "failed")).toHaveLength(1);
  expect(racing.filter((r) => r.status === "refused")).toHaveLength(7);
  expect(await b.check({ account: "Owner@Shop.test " })).toMatchObject({ allowed: false });
  if (other !== db) await closeDb(other);
});

it("a success clears the account on every instance; a restart forgets nothing; dead rows are pruned", async () => {
  let clock = 1_000_000;
  const now = () => clock;
  const a = new LoginThrottle({ ...noSleep, now, store: new DbFailureStore(db, now) });
  for (let i = 0; i < 3; i++) await a.attempt({ account: "ayu@shop.test", address: "203.0.113.7" }, async () => null);
  const restarted = new LoginThrottle({ ...noSleep, now, store: new DbFailureStore(db, now) });
  expect(await restarted.check({ account: "ayu@shop.test" })).toEqual({ allowed: true, delayMs: 250 });
  await restarted.attempt({ account: "ayu@shop.test", address: "203.0.113.7" }, async () => "user");
  expect(await a.check({ account: "ayu@shop.test" })).toEqual({ allowed: true, delayMs: 0 });
  // The address keeps its three failures (an attacker's own account must not reset it) until they leave the window.
  expect(await a.check({ account: "", address: "203.0.113.7" })).toEqual({ allowed: true, delayMs: 250 });
  clock += 16 * 60_000;
  await a.recordFailure({ account: "later@shop.test" }); // the update that prunes
  const keys = (await db.select({ key: loginFailures.key }).from(loginFailures)).map((r) => r.key);
  expect(keys).not.toContain("address:203.0.113.7");
  expect(keys).toContain("account:later@shop.test");
});
