import { describe, expect, it } from "vitest";
import { MemoryFailureStore } from "./failure-store";
import { LoginThrottle, normalizeAddress, retryMinutes, type LoginThrottleOptions } from "./login-throttle";
import { tooManyAttemptsMessage, tooManyAttemptsMinutes } from "./sign-in-error";

const MINUTE = 60_000;

/** A throttle on a fake clock whose sleeps only move that clock. */
function setup(options: LoginThrottleOptions = {}) {
  const clock = { now: 1_000_000 };
  const slept: number[] = [];
  const throttle = new LoginThrottle({
    now: () => clock.now,
    sleep: async (ms) => {
      slept.push(ms);
      clock.now += ms;
    },
    ...options,
  });
  const fail = (account: string, address?: string) => throttle.attempt({ account, address }, async () => null);
  const succeed = (account: string, address?: string) => throttle.attempt({ account, address }, async () => "user");
  return { clock, slept, throttle, fail, succeed };
}

describe("LoginThrottle", () => {
  it("slows down after 3 failures (250 ms doubling to 8 s), refuses the 11th attempt for 15 minutes, right password included", async () => {
    const { clock, slept, fail, succeed } = setup();
    for (let i = 0; i < 10; i++) expect(await fail("Ayu@Example.id ", "192.0.2.1")).toEqual({ status: "failed" });
    expect(slept).toEqual([250, 500, 1000, 2000, 4000, 8000, 8000]);
    const refused = await succeed("ayu@example.id", "192.0.2.99");
    expect(refused).toMatchObject({ status: "refused" });
    const waited = slept.reduce((a, b) => a + b, 0);
    // Refused until the first failure leaves the 15-minute window.
    expect((refused as { retryAfterMs: number }).retryAfterMs).toBe(15 * MINUTE - waited);

    clock.now += 15 * MINUTE - waited - 1;
    expect(await succeed("ayu@example.id")).toMatchObject({ status: "refused", retryAfterMs: 1 });
    clock.now += 1;
    expect(await succeed("ayu@example.id")).toEqual({ status: "ok", value: "user" });
  });

  it("never calls the check while refused", async () => {
    const { fail, throttle } = setup({ freeFailures: 100 });
    for (let i = 0; i < 10; i++) await fail("a@b.test");
    let called = false;
    const result = await throttle.attempt({ account: "a@b.test" }, async () => {
      called = true;
      return "user";
    });
    expect(result.status).toBe("refused");
    expect(called).toBe(false);
  });

  it("limits a client address across accounts, and a success does not clear the address", async () => {
    const { fail, succeed } = setup({ freeFailures: 100 });
    for (let i = 0; i < 9; i++) await fail(`guess${i}@b.test`, "198.51.100.4");
    expect(await succeed("mine@b.test", "198.51.100.4")).toMatchObject({ status: "ok" }); // the attacker's own account
    await fail("guess9@b.test", "198.51.100.4");
    expect(await succeed("someone@b.test", "198.51.100.4")).toMatchObject({ status: "refused" });
    expect(await succeed("someone@b.test", "198.51.100.5")).toMatchObject({ status: "ok" });
  });

  it("a success clears the account's failures and its delay", async () => {
    const { slept, fail, succeed } = setup();
    for (let i = 0; i < 9; i++) await fail("a@b.test");
    expect(await succeed("a@b.test")).toMatchObject({ status: "ok" });
    slept.length = 0;
    for (let i = 0; i < 3; i++) await fail("a@b.test");
    expect(slept).toEqual([]);
  });

  it("counts attempts still running, so parallel guesses cannot pass the limit", async () => {
    const { throttle } = setup({ freeFailures: 100 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const results = Array.from({ length: 25 }, () =>
      throttle.attempt({ account: "a@b.test", address: "192.0.2.7" }, async () => {
        await gate;
        return null;
      }),
    );
    release();
    const statuses = (await Promise.all(results)).map((r) => r.status);
    expect(statuses.filter((s) => s === "failed")).toHaveLength(10);
    expect(statuses.filter((s) => s === "refused")).toHaveLength(15);
  });

  it("takes back an attempt whose check threw", async () => {
    const { throttle } = setup({ maxFailures: 1 });
    await expect(throttle.attempt({ account: "a@b.test" }, () => Promise.reject(new Error("db down")))).rejects.toThrow(
      "db down",
    );
    expect(await throttle.check({ account: "a@b.test" })).toEqual({ allowed: true, delayMs: 0 });
  });

  it("honours configured limits and forgets expired keys", async () => {
    const store = new MemoryFailureStore(100, () => clock.now);
    const { clock, throttle, fail } = setup({
      store,
      maxFailures: 2,
      windowMs: MINUTE,
      freeFailures: 1,
      baseDelayMs: 100,
      maxDelayMs: 150,
    });
    await fail("a@b.test");
    expect(await throttle.check({ account: "a@b.test" })).toEqual({ allowed: true, delayMs: 100 });
    await fail("a@b.test");
    expect(await throttle.check({ account: "a@b.test" })).toMatchObject({ allowed: false });
    clock.now += MINUTE;
    expect(await throttle.check({ account: "a@b.test" })).toEqual({ allowed: true, delayMs: 0 });
    expect(store.size).toBe(0);
  });

  it("keeps at most maxKeys keys in memory, dropping the least recently touched", async () => {
    const store = new MemoryFailureStore(100, () => 1_000_000);
    const { throttle } = setup({ store });
    for (let i = 0; i < 1000; i++) await throttle.recordFailure({ account: `u${i}@b.test` });
    expect(store.size).toBeLessThanOrEqual(100);
    expect(await throttle.check({ account: "u999@b.test" })).toEqual({ allowed: true, delayMs: 0 });
    // A 16 KB user name is kept as a short key.
    await throttle.recordFailure({ account: "x".repeat(16_384) });
    await throttle.recordFailure({ account: "x".repeat(16_000) + "y" });
    expect(await throttle.check({ account: "x".repeat(300) })).toMatchObject({ allowed: true });
  });
});

describe("normalizeAddress", () => {
  it("keys IPv4 by address and IPv6 by its /64", () => {
    expect(normalizeAddress("192.0.2.1")).toBe("192.0.2.1");
    expect(normalizeAddress("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(normalizeAddress("192.0.2.1:5123")).toBe("192.0.2.1");
    expect(normalizeAddress("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(normalizeAddress("[2001:DB8:1:2:bbbb::2]:443")).toBe("2001:db8:1:2::/64");
    expect(normalizeAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(normalizeAddress("::1")).toBe("0:0:0:0::/64");
    expect(normalizeAddress("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(normalizeAddress("not an address")).toBe("not an address");
  });
});

describe("the sign-in refusal message", () => {
  it("names whole minutes, at least one, and reads back", () => {
    expect(retryMinutes(1)).toBe(1);
    expect(retryMinutes(14 * MINUTE + 1)).toBe(15);
    expect(tooManyAttemptsMessage(15)).toBe("Too many sign-in attempts, try again in 15 minutes.");
    expect(tooManyAttemptsMessage(1)).toBe("Too many sign-in attempts, try again in 1 minute.");
    expect(tooManyAttemptsMinutes(tooManyAttemptsMessage(15))).toBe(15);
    expect(tooManyAttemptsMinutes(tooManyAttemptsMessage(1))).toBe(1);
    expect(tooManyAttemptsMinutes("CredentialsSignin")).toBeNull();
    expect(tooManyAttemptsMinutes(undefined)).toBeNull();
  });
});
