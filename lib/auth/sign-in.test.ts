import { beforeAll, describe, expect, it } from "vitest";
import { useTestDb } from "@/test/helpers/test-db";
import { createUser } from "@/lib/users/users";
import type { Db } from "@/lib/db/client";
import { LoginThrottle } from "./login-throttle";
import { authorizeCredentials, clientAddress } from "./sign-in";

const PASSWORD = "right password 123";
let db: Db;
beforeAll(async () => {
  ({ db } = await useTestDb());
  await createUser(db, { email: "ayu@example.id", password: PASSWORD });
});

/** A throttle with the default limits whose delays are noted, not slept. */
function throttle() {
  const slept: number[] = [];
  return { slept, throttle: new LoginThrottle({ sleep: async (ms) => void slept.push(ms) }) };
}

const from = (address: string) => ({ headers: { "x-forwarded-for": `203.0.113.250, ${address}` } });
const TOO_MANY = "Too many sign-in attempts, try again in 15 minutes.";

describe("dashboard sign-in (credentials authorize)", () => {
  it("refuses after 10 failures per account, the right password too, with a message the login form shows", async () => {
    const { slept, throttle: t } = throttle();
    const sign = (password: string, address: string, email = "ayu@example.id") =>
      authorizeCredentials({ email, password }, from(address), { db, throttle: t });
    expect(await sign(PASSWORD, "192.0.2.1")).toMatchObject({ email: "ayu@example.id" });
    // Spread over addresses: the account's counter is what refuses.
    for (let i = 0; i < 10; i++)
      expect(
        await sign(`wrong guess ${i}`, `192.0.2.${10 + i}`, i % 2 ? " AYU@Example.ID" : "ayu@example.id"),
      ).toBeNull();
    expect(slept).toEqual([250, 500, 1000, 2000, 4000, 8000, 8000]);
    await expect(sign("wrong guess 10", "192.0.2.30")).rejects.toThrow(TOO_MANY);
    await expect(sign(PASSWORD, "192.0.2.31")).rejects.toThrow(TOO_MANY);
    // Another account from a clean address is not affected.
    expect(await sign("wrong guess", "192.0.2.32", "other@example.id")).toBeNull();
  });

  it("answers an unknown account exactly like a wrong password, refusal included", async () => {
    const { throttle: t } = throttle();
    const sign = (email: string, password: string, address: string) =>
      authorizeCredentials({ email, password }, from(address), { db, throttle: t });
    const answers: unknown[] = [];
    for (let i = 0; i < 10; i++) answers.push(await sign("nobody@example.id", `guess ${i}`, `198.51.100.${i}`));
    expect(answers).toEqual(Array(10).fill(null));
    const unknown = await sign("nobody@example.id", "guess", "198.51.100.99").catch((e: Error) => e.message);
    for (let i = 0; i < 10; i++) await sign("ayu@example.id", `guess ${i}`, `198.51.100.${i}`);
    const wrong = await sign("ayu@example.id", "guess", "198.51.100.99").catch((e: Error) => e.message);
    expect(unknown).toBe(TOO_MANY);
    expect(wrong).toBe(unknown);
  });

  it("spends one argon2 verify on an unknown account, as on a wrong password", async () => {
    const t = new LoginThrottle({ maxFailures: 1000, baseDelayMs: 0 });
    const time = async (email: string) => {
      const runs: number[] = [];
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        await authorizeCredentials({ email, password: "not the password" }, undefined, { db, throttle: t });
        runs.push(performance.now() - start);
      }
      return runs.sort((a, b) => a - b)[2];
    };
    await time("warm@example.id"); // the decoy hash is made once
    const [unknown, wrong] = [await time("nobody2@example.id"), await time("ayu@example.id")];
    expect(unknown / wrong).toBeGreaterThan(0.33);
    expect(unknown / wrong).toBeLessThan(3);
  });

  it("refuses a client address after 10 failures across accounts", async () => {
    const { throttle: t } = throttle();
    for (let i = 0; i < 10; i++) {
      expect(
        await authorizeCredentials({ email: `guess${i}@example.id`, password: "x" }, from("192.0.2.200"), {
          db,
          throttle: t,
        }),
      ).toBeNull();
    }
    await expect(
      authorizeCredentials({ email: "ayu@example.id", password: PASSWORD }, from("192.0.2.200"), { db, throttle: t }),
    ).rejects.toThrow(TOO_MANY);
    expect(
      await authorizeCredentials({ email: "ayu@example.id", password: PASSWORD }, from("192.0.2.201"), {
        db,
        throttle: t,
      }),
    ).toMatchObject({
      email: "ayu@example.id",
    });
  });

  it("takes the client address from the last X-Forwarded-For entry, ", async () => {
    expect(clientAddress({ "x-forwarded-for": "10.9.9.9, 203.0.113.5" })).toBe("203.0.113.5");
    expect(clientAddress({ "x-forwarded-for": ["10.9.9.9", "203.0.113.6"] })).toBe("203.0.113.6");
    expect(clientAddress({})).toBeNull();
    expect(clientAddress(undefined)).toBeNull();
  });
});
