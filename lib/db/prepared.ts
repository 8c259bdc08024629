import type { Db } from "./client";

/**
 * Wraps a statement builder so it runs once per connection. Drizzle and
 * better-sqlite3 otherwise build and prepare the SQL on every call (~0.1–0.3 ms
 * each); the per-request queries (key, quota, file, catalogue, cache) run
 * thousands of times a minute.
 */
export function preparedPerConnection<T>(build: (db: Db) => T): (db: Db) => T {
  const prepared = new WeakMap<Db, T>();
  return (db) => {
    let found = prepared.get(db);
    if (found === undefined) {
      found = build(db);
      prepared.set(db, found);
    }
    return found;
  };
}
