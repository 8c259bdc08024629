/**
 * Throttles password guessing, per account and per client address, for every
 * place that checks a password (dashboard sign-in, SMTP AUTH).
 *
 * Each key (an account's normalized e-mail, a client address) keeps the times of
 * its failures within a sliding window. After `freeFailures` failures every
 * further attempt waits, twice as long each time; at `maxFailures` the key is
 * refused, right password or not, until its oldest counted failure leaves the
 * window. A success clears the account's failures, not the address's (an
 * attacker's own account must not reset the address it guesses from).
 *
 * An attempt counts as a failure from the moment it starts and is taken back
 * only when it succeeds, so parallel attempts cannot get past the limit.
 *
 * The shared throttle keeps its state in the database (db-failure-store.ts), so
 * every instance behind a load balancer counts the same guesses and a restart
 * forgets nothing; one made with `new LoginThrottle()` keeps it in memory.
 */
import { DbFailureStore } from "./db-failure-store";
import { MemoryFailureStore, type FailureStore } from "./failure-store";
import type { Db } from "@/lib/db/client";

export interface LoginThrottleOptions {
  /** Failures within the window after which a key is refused. Default 10. */
  maxFailures?: number;
  /** The sliding window, which is also how long a refusal lasts. Default 15 minutes. */
  windowMs?: number;
  /** Failures answered without delay. Default 3. */
  freeFailures?: number;
  /** The first delay; it doubles with each further failure. Default 250 ms. */
  baseDelayMs?: number;
  /** The longest delay. Default 8 s (so 250 ms, 0.5, 1, 2, 4, 8, 8 s before the 10th failure). */
  maxDelayMs?: number;
  /** Keys remembered at most, accounts and addresses together. Default 100,000 (a few tens of MB at worst). */
  maxKeys?: number;
  /** The clock, for tests. */
  now?: () => number;
  /** How to wait, for tests. */
  sleep?: (ms: number) => Promise<void>;
  /** Where failures are kept: by default this process's memory (at most `maxKeys` keys). */
  store?: FailureStore;
}

export const LOGIN_THROTTLE_DEFAULTS = {
  maxFailures: 10,
  windowMs: 15 * 60_000,
  freeFailures: 3,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxKeys: 100_000,
} as const;

export interface Attempter {
  /** The account name as typed; it is trimmed and lower-cased. */
  account: string;
  /** The client's address; without one only the account is limited. */
  address?: string | null;
}

export type Verdict = { allowed: true; delayMs: number } | { allowed: false; retryAfterMs: number };

export type AttemptResult<T> =
  | { status: "ok"; value: T }
  | { status: "failed" }
  | { status: "refused"; retryAfterMs: number };

/** Long user names (SMTP allows 16 KB lines) must not make long keys. */
const MAX_KEY_CHARS = 256;

export class LoginThrottle {
  private readonly maxFailures: number;
  private readonly windowMs: number;
  private readonly freeFailures: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly store: FailureStore;

  constructor(options: LoginThrottleOptions = {}) {
    const o = { ...LOGIN_THROTTLE_DEFAULTS, ...options };
    this.maxFailures = Math.max(1, o.maxFailures);
    this.windowMs = o.windowMs;
    this.freeFailures = o.freeFailures;
    this.baseDelayMs = o.baseDelayMs;
    this.maxDelayMs = o.maxDelayMs;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.store = options.store ?? new MemoryFailureStore(Math.max(2, o.maxKeys), this.now);
  }

  /** Whether an attempt may go ahead now, and after which delay. Changes nothing. */
  async check(who: Attempter): Promise<Verdict> {
    const now = this.now();
    return await this.store.update(this.keys(who), this.windowMs, (times) => this.verdict(times, now));
  }

  /**
   * Runs one password check under the throttle: refuses a key over the limit
   * without calling `verify`, else waits the key's delay, then calls it. A
   * null/undefined/false answer counts as a failure.
   */
  async attempt<T>(who: Attempter, verify: () => Promise<T | null | undefined | false>): Promise<AttemptResult<T>> {
    const started = this.now();
    const keys = this.keys(who);
    // Checked and counted in one step, so parallel attempts (on any instance) cannot all take the last slot.
    const verdict = await this.store.update(keys, this.windowMs, (times) => {
      const v = this.verdict(times, started);
      if (v.allowed) for (const list of times.values()) this.push(list, started);
      return v;
    });
    if (!verdict.allowed) return { status: "refused", retryAfterMs: verdict.retryAfterMs };
    let value: T | null | undefined | false;
    try {
      if (verdict.delayMs > 0) await this.sleep(verdict.delayMs);
      value = await verify();
    } catch (error) {
      await this.takeBack(keys, started); // the check broke, the password was not judged
      throw error;
    }
    if (value === null || value === undefined || value === false) return { status: "failed" };
    // A success clears the account's failures and takes this attempt back from the address's.
    await this.store.update(keys, this.windowMs, (times) => {
      for (const [key, list] of times)
        if (key.startsWith("account:")) list.length = 0;
        else removeTime(list, started);
    });
    return { status: "ok", value };
  }

  /** A failure decided elsewhere. */
  async recordFailure(who: Attempter): Promise<void> {
    const now = this.now();
    await this.store.update(this.keys(who), this.windowMs, (times) => {
      for (const list of times.values()) this.push(list, now);
    });
  }

  /** A success decided elsewhere: clears the account's failures. */
  async recordSuccess(who: Attempter): Promise<void> {
    await this.store.update(this.keys({ account: who.account }), this.windowMs, (times) => {
      for (const list of times.values()) list.length = 0;
    });
  }

  /** Refused while a key has `maxFailures` failures in the window; else the delay its count asks for. */
  private verdict(times: Map<string, number[]>, now: number): Verdict {
    let count = 0;
    let retryAt = 0;
    for (const list of times.values()) {
      this.dropExpired(list, now);
      count = Math.max(count, list.length);
      // Refused until enough failures leave the window to get back under the limit.
      if (list.length >= this.maxFailures)
        retryAt = Math.max(retryAt, list[list.length - this.maxFailures] + this.windowMs);
    }
    if (retryAt > now) return { allowed: false, retryAfterMs: retryAt - now };
    return { allowed: true, delayMs: this.delayFor(count) };
  }

  private delayFor(count: number): number {
    if (count < this.freeFailures || this.baseDelayMs <= 0) return 0;
    return Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** Math.min(30, count - this.freeFailures));
  }

  private keys(who: Attempter): string[] {
    const keys: string[] = [];
    if (who.account.trim()) keys.push(accountKey(who.account));
    const address = who.address ? normalizeAddress(who.address) : "";
    if (address) keys.push(`address:${address}`);
    return keys;
  }

  private dropExpired(list: number[], now: number): void {
    const from = now - this.windowMs;
    let i = 0;
    while (i < list.length && list[i] <= from) i++;
    if (i > 0) list.splice(0, i);
  }

  private push(list: number[], at: number): void {
    this.dropExpired(list, at);
    list.push(at);
    if (list.length > this.maxFailures) list.splice(0, list.length - this.maxFailures);
  }

  private async takeBack(keys: string[], at: number): Promise<void> {
    await this.store.update(keys, this.windowMs, (times) => {
      for (const list of times.values()) removeTime(list, at);
    });
  }
}

function removeTime(list: number[], at: number): void {
  const i = list.lastIndexOf(at);
  if (i >= 0) list.splice(i, 1);
}

function accountKey(account: string): string {
  return `account:${account.trim().toLowerCase().slice(0, MAX_KEY_CHARS)}`;
}

/**
 * One key per client: IPv4 as is (also when IPv4-mapped or with a port), IPv6 by
 * its /64, the smallest block one subscriber usually gets. Anything else is kept
 * as given, shortened.
 */
export function normalizeAddress(raw: string): string {
  let address = raw.trim().toLowerCase();
  const bracketed = address.match(/^\[([^\]]+)\](?::\d+)?$/);
  if (bracketed) address = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.replace(/:\d+$/, "");
  address = address.replace(/%.*$/, ""); // IPv6 zone
  const mapped = address.match(/^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/);
  if (mapped) return mapped[1];
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) return address;
  const hextets = expandIpv6(address);
  if (hextets) return `${hextets.slice(0, 4).join(":")}::/64`;
  return address.slice(0, MAX_KEY_CHARS);
}

function expandIpv6(address: string): string[] | null {
  if (!/^[0-9a-f:.]+$/.test(address) || !address.includes(":")) return null;
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const part = (s: string) => (s ? s.split(":") : []);
  const head = part(halves[0]);
  const tail = halves.length === 2 ? part(halves[1]) : [];
  // An embedded IPv4 tail (::1.2.3.4) takes two hextets; only the first four matter here.
  const width = (list: string[]) => list.reduce((n, h) => n + (h.includes(".") ? 2 : 1), 0);
  const missing = 8 - width(head) - width(tail);
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (all.slice(0, 4).some((h) => !/^[0-9a-f]{1,4}$/.test(h))) return null;
  return all.map((h) => (h.includes(".") ? h : h.replace(/^0+(?=.)/, "")));
}

const globalForThrottle = globalThis as unknown as { bengkelPasswordThrottle?: { db: Db; throttle: LoginThrottle } };

/**
 * The one throttle for every password check (dashboard sign-in, SMTP AUTH) on `db`, shared by every instance using
 * it: an address guessing on one is refused on the other. Kept on globalThis because Next.js may load this module
 * more than once.
 */
export function sharedLoginThrottle(db: Db): LoginThrottle {
  const held = globalForThrottle.bengkelPasswordThrottle;
  if (held?.db === db) return held.throttle;
  const throttle = new LoginThrottle({ store: new DbFailureStore(db) });
  globalForThrottle.bengkelPasswordThrottle = { db, throttle };
  return throttle;
}

/** Whole minutes until a refusal ends, at least 1. */
export function retryMinutes(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 60_000));
}
