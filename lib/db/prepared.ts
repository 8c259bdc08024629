import { dialectOf, type Db } from "./client";

interface Preparable<P> {
  prepare(name?: string): P;
}

/**
 * A query built and prepared once per database (or transaction) object, run
 * with `.execute({ …placeholders })`. Building a Drizzle query costs about as
 * much as running it (~0.05 ms each); the per-request lookups (key, file,
 * catalogue, cached quote) run thousands of times a minute. PostgreSQL
 * prepares it under `name` on each pooled connection.
 */
export function preparedPerConnection<P>(name: string, build: (db: Db) => Preparable<P>): (db: Db) => P {
  const prepared = new WeakMap<Db, P>();
  return (db) => {
    let found = prepared.get(db);
    if (found === undefined) {
      found = dialectOf(db) === "postgres" ? build(db).prepare(name) : build(db).prepare();
      prepared.set(db, found);
    }
    return found;
  };
}
