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
 * State lives in this process's memory: several instances each throttle on their
 * own, and a restart forgets. At most `maxKeys` keys are kept (expired ones are
 * dropped first, then the least recently touched).
 */

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
  private readonly maxKeys: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  /** Failure times per key, oldest first, at most maxFailures of them; Map order = least recently touched first. */
  private readonly failures = new Map<string, number[]>();

  constructor(options: LoginThrottleOptions = {}) {
    const o = { ...LOGIN_THROTTLE_DEFAULTS, ...options };
    this.maxFailures = Math.max(1, o.maxFailures);
    this.windowMs = o.windowMs;
    this.freeFailures = o.freeFailures;
    this.baseDelayMs = o.baseDelayMs;
    this.maxDelayMs = o.maxDelayMs;
    this.maxKeys = Math.max(2, o.maxKeys);
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** Whether an attempt may go ahead now, and after which delay. Changes nothing. */
  check(who: Attempter): Verdict {
    const now = this.now();
    let count = 0;
    let retryAt = 0;
    for (const key of this.keys(who)) {
      const times = this.live(key, now);
      count = Math.max(count, times.length);
      // Refused until enough failures leave the window to get back under the limit.
      if (times.length >= this.maxFailures)
        retryAt = Math.max(retryAt, times[times.length - this.maxFailures] + this.windowMs);
    }
    if (retryAt > now) return { allowed: false, retryAfterMs: retryAt - now };
    return { allowed: true, delayMs: this.delayFor(count) };
  }

  /**
   * Runs one password check under the throttle: refuses a key over the limit
   * without calling `verify`, else waits the key's delay, then calls it. A
   * null/undefined/false answer counts as a failure.
   */
  async attempt<T>(who: Attempter, verify: () => Promise<T | null | undefined | false>): Promise<AttemptResult<T>> {
    const verdict = this.check(who);
    if (!verdict.allowed) return { status: "refused", retryAfterMs: verdict.retryAfterMs };
    const started = this.now();
    for (const key of this.keys(who)) this.add(key, started);
    let value: T | null | undefined | false;
    try {
      if (verdict.delayMs > 0) await this.sleep(verdict.delayMs);
      value = await verify();
    } catch (error) {
      this.takeBack(who, started); // the check broke, the password was not judged
      throw error;
    }
    if (value === null || value === undefined || value === false) return { status: "failed" };
    this.failures.delete(accountKey(who.account));
    this.takeBack({ account: "", address: who.address }, started);
    return { status: "ok", value };
  }

  /** A failure decided elsewhere. */
  recordFailure(who: Attempter): void {
    const now = this.now();
    for (const key of this.keys(who)) this.add(key, now);
  }

  /** A success decided elsewhere: clears the account's failures. */
  recordSuccess(who: Attempter): void {
    this.failures.delete(accountKey(who.account));
  }

  /** Keys currently remembered (tests, diagnostics). */
  get size(): number {
    return this.failures.size;
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

  /** The key's failures still inside the window (the expired ones are dropped). */
  private live(key: string, now: number): number[] {
    const times = this.failures.get(key);
    if (!times) return [];
    const from = now - this.windowMs;
    let i = 0;
    while (i < times.length && times[i] <= from) i++;
    if (i === times.length) {
      this.failures.delete(key);
      return [];
    }
    if (i > 0) times.splice(0, i);
    return times;
  }

  private add(key: string, at: number): void {
    const times = this.live(key, at);
    this.failures.delete(key); // re-inserted last: the most recently touched
    times.push(at);
    if (times.length > this.maxFailures) times.splice(0, times.length - this.maxFailures);
    this.failures.set(key, times);
    if (this.failures.size > this.maxKeys) this.evict(at);
  }

  private takeBack(who: Attempter, at: number): void {
    for (const key of this.keys(who)) {
      const times = this.failures.get(key);
      const i = times ? times.lastIndexOf(at) : -1;
      if (i < 0) continue;
      times!.splice(i, 1);
      if (times!.length === 0) this.failures.delete(key);
    }
  }

  private evict(now: number): void {
    for (const key of [...this.failures.keys()]) this.live(key, now);
    // Still too many: forget the least recently touched tenth, so this sweep runs rarely.
    if (this.failures.size > this.maxKeys) {
      let drop = this.failures.size - Math.floor(this.maxKeys * 0.9);
      for (const key of this.failures.keys()) {
        if (drop-- <= 0) break;
        this.failures.delete(key);
      }
    }
  }
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

const globalForThrottle = globalThis as unknown as { bengkelPasswordThrottle?: LoginThrottle };

/**
 * The one throttle of this process for every password check (dashboard sign-in, SMTP AUTH): an address guessing
 * on one is refused on the other. Kept on globalThis because Next.js may load this module more than once.
 */
export function sharedLoginThrottle(): LoginThrottle {
  return (globalForThrottle.bengkelPasswordThrottle ??= new LoginThrottle());
}

/** Whole minutes until a refusal ends, at least 1. */
export function retryMinutes(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 60_000));
}
