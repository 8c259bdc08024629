import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import * as schema from "@/db/schema";
import { resolveFromRoot } from "@/lib/paths";

/**
 * The domain code is written once, against the SQLite table definitions; on
 * PostgreSQL Drizzle renders the same tables with its PostgreSQL dialect. The
 * PostgreSQL schema (db/schema-postgres.ts, derived from the same tables)
 * stores each column in the form those definitions read and write: timestamps
 * as epoch milliseconds (bigint), JSON as json, flags as boolean. What the
 * driver hands back must then look like SQLite's: bigint as a number (every
 * value here is far below 2^53), json as its text, boolean as 1/0. Drizzle's
 * node-postgres session reads the process-wide parsers, so they are set here.
 */
let parsersSet = false;
function setTypeParsers(): void {
  if (parsersSet) return;
  parsersSet = true;
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  // sum() of a bigint is numeric: the byte totals it adds up stay far below 2^53 too.
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
  pg.types.setTypeParser(pg.types.builtins.JSON, (value) => value);
  pg.types.setTypeParser(pg.types.builtins.JSONB, (value) => value);
  pg.types.setTypeParser(pg.types.builtins.BOOL, (value) => (value === "t" ? 1 : 0));
}

export interface PostgresConnection {
  pool: pg.Pool;
  /** Where it is, for messages: host, port and database, never the password. */
  where: string;
}

export function openPostgres(url: string, poolSize: number): PostgresConnection {
  setTypeParsers();
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its server (restart, failover) must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  const u = new URL(url);
  return { pool, where: `postgres://${u.host}${u.pathname}` };
}

export function drizzlePostgres(connection: PostgresConnection) {
  return drizzle(connection.pool, { schema });
}

/** Applies db/migrations-postgres (under an advisory lock: instances starting together take turns). */
export async function migratePostgres(connection: PostgresConnection): Promise<void> {
  const client = await connection.pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock(7265001)");
    try {
      await migrate(drizzle(client), { migrationsFolder: resolveFromRoot("db/migrations-postgres") });
    } finally {
      await client.query("SELECT pg_advisory_unlock(7265001)");
    }
  } finally {
    client.release();
  }
}
