/**
 * Where the login throttle keeps each key's failure times (lib/auth/login-throttle.ts): in this process's memory
 * (tests, a one-off throttle) or in the database, shared by every instance (db-failure-store.ts).
 */
export interface FailureStore {
  /**
   * Runs `change` on the keys' failure times (oldest first; [] for an unknown key), alone among callers holding
   * any of the same keys, and keeps the lists it leaves (an empty one forgets the key). `expiresAt` is when a
   * list's newest time leaves the window.
   */
  update<T>(keys: string[], windowMs: number, change: (times: Map<string, number[]>) => T): Promise<T>;
}

/**
 * The failure times in this process's memory: at most `maxKeys` keys (expired ones dropped first, then the least
 * recently touched tenth), so a flood of made-up names cannot grow it without bound.
 */
export class MemoryFailureStore implements FailureStore {
  /** Map order = least recently touched first. */
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxKeys: number,
    private readonly now: () => number,
  ) {}

  async update<T>(keys: string[], windowMs: number, change: (times: Map<string, number[]>) => T): Promise<T> {
    // Synchronous from read to write: nothing else runs in between.
    const times = new Map(keys.map((key) => [key, [...(this.failures.get(key) ?? [])]]));
    const result = change(times);
    for (const [key, list] of times) {
      this.failures.delete(key); // re-inserted last: the most recently touched
      if (list.length > 0) this.failures.set(key, list);
    }
    if (this.failures.size > this.maxKeys) this.evict(windowMs);
    return result;
  }

  /** Keys currently remembered (tests, diagnostics). */
  get size(): number {
    return this.failures.size;
  }

  private evict(windowMs: number): void {
    const from = this.now() - windowMs;
    for (const [key, list] of this.failures) if (list[list.length - 1] <= from) this.failures.delete(key);
    if (this.failures.size <= this.maxKeys) return;
    let drop = this.failures.size - Math.floor(this.maxKeys * 0.9);
    for (const key of this.failures.keys()) {
      if (drop-- <= 0) break;
      this.failures.delete(key);
    }
  }
}
