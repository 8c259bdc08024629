import fs from "node:fs";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import type { SqliteRemoteResult } from "drizzle-orm/sqlite-proxy";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import type * as schema from "@/db/schema";
import { resolveFromRoot } from "@/lib/paths";
import { config } from "@/lib/config";
import { drizzleSqlite, openSqlite, type SqliteConnection } from "./sqlite-driver";
import { drizzlePostgres, migratePostgres, openPostgres, type PostgresConnection } from "./postgres-driver";

/**
 * The database as domain code sees it: Drizzle over the SQLite table
 * definitions, every query awaited. On PostgreSQL the same object is Drizzle's
 * node-postgres database (see postgres-driver.ts). Run queries with `await`
 * only: `.get()`, `.all()` and `.run()` exist on SQLite alone (a lint rule
 * forbids them).
 */
export type Db = BaseSQLiteDatabase<"async", SqliteRemoteResult, typeof schema>;
export type Dialect = "sqlite" | "postgres";

type Connection =
  | { dialect: "sqlite"; sqlite: SqliteConnection }
  | { dialect: "postgres"; postgres: PostgresConnection };
/**
 * Kept on the database (and transaction) objects under registered symbols, not in a module-level map: Next.js may
 * bundle this module into several server chunks, and the database opened by one (instrumentation.ts, through
 * globalThis) is used by the others.
 */
const CONNECTION = Symbol.for("bengkel.db.connection");
const IN_TRANSACTION = Symbol.for("bengkel.db.inTransaction");
type Tagged = { [CONNECTION]?: Connection; [IN_TRANSACTION]?: true };
const tag = (db: object, connection: Connection) => void ((db as Tagged)[CONNECTION] = connection);

function connectionOf(db: Db): Connection {
  const found = (db as unknown as Tagged)[CONNECTION];
  if (!found) throw new Error("not a database opened by openDb");
  return found;
}

export function dialectOf(db: Db): Dialect {
  return connectionOf(db).dialect;
}

function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** Accepts "file:relative/or/absolute.db", a bare path, or ":memory:". */
export function databasePathFromUrl(url: string): string {
  const stripped = url.startsWith("file:") ? url.slice("file:".length) : url;
  if (stripped === ":memory:") return stripped;
  return path.isAbsolute(stripped) ? stripped : resolveFromRoot(stripped);
}

/**
 * Opens a database: a SQLite file (created and migrated here) or a PostgreSQL
 * pool (`postgres://…`; migrate it with `migrateDb` first).
 */
export function openDb(url: string = config().DATABASE_URL): Db {
  if (isPostgresUrl(url)) {
    const postgres = openPostgres(url, config().DATABASE_POOL_SIZE);
    const db = drizzlePostgres(postgres) as unknown as Db;
    tag(db, { dialect: "postgres", postgres });
    return db;
  }
  const file = databasePathFromUrl(url);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = openSqlite(file);
  const db = drizzleSqlite(sqlite) as unknown as Db;
  tag(db, { dialect: "sqlite", sqlite });
  return db;
}

/** Brings the schema up to date (SQLite files are migrated when opened). */
export async function migrateDb(db: Db): Promise<void> {
  const connection = connectionOf(db);
  if (connection.dialect === "postgres") await migratePostgres(connection.postgres);
}

export async function closeDb(db: Db): Promise<void> {
  const connection = connectionOf(db);
  if (connection.dialect === "postgres") await connection.postgres.pool.end();
  else connection.sqlite.client.close();
}

/** The better-sqlite3 handle under a SQLite database (tools that compare against plain FTS5 need it). */
export function sqliteHandle(db: Db): import("better-sqlite3").Database {
  const connection = connectionOf(db);
  if (connection.dialect !== "sqlite") throw new Error("not a SQLite database");
  return connection.sqlite.client;
}

/** Where the data lives, for messages: the SQLite file, or the PostgreSQL database name. */
export function describeDb(db: Db): string {
  const connection = connectionOf(db);
  if (connection.dialect === "sqlite") return connection.sqlite.client.name;
  return connection.postgres.where;
}

/**
 * Runs `work` in one transaction and returns its result; a throw rolls it
 * back. `work` should await only the database, and may run more than once.
 * Both databases keep concurrent read-then-write steps apart:
 * - SQLite: the transaction takes the write lock at BEGIN (IMMEDIATE: a
 *   read-then-write transaction cannot fail to upgrade) and other requests'
 *   statements wait for it to end;
 * - PostgreSQL: READ COMMITTED, each statement seeing what committed before
 *   it; hot read-then-write steps queue on `lockFor` first. A transaction
 *   aborted by a deadlock (40P01), a serialization failure (40001) or a unique
 *   violation (23505: a row it meant to add was added meanwhile) is run again,
 *   and then sees the other's work (its checks answer 409 if the row really
 *   is a duplicate). (SERIALIZABLE was tried: its snapshot is taken before a
 *   `lockFor` wait, so under 40 concurrent uploads most waiters kept retrying.)
 * Called with a transaction, it nests as a savepoint.
 */
export async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const connection = connectionOf(db);
  const run = (tx: Db) => {
    (tx as unknown as Tagged)[IN_TRANSACTION] = true;
    tag(tx, connection);
    return work(tx);
  };
  if ((db as unknown as Tagged)[IN_TRANSACTION]) return db.transaction(run as never);
  if (connection.dialect === "sqlite") {
    // Waiting for the gate from inside the transaction that holds it would wait forever.
    if (connection.sqlite.gate.inside()) throw new Error("inside a transaction: pass its `tx`, not the database");
    return connection.sqlite.gate.own(() => db.transaction(run as never, { behavior: "immediate" }));
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(run as never);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isSerializationFailure(error)) throw error;
      // Jittered, growing pauses so the transactions that collided do not collide again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

const MAX_ATTEMPTS = 20;

function isSerializationFailure(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "40001" || e.code === "40P01" || e.code === "23505") return true;
  }
  return false;
}

/**
 * Inside a transaction: waits until no other transaction holds `key`, then
 * holds it to the end. For read-then-write steps (next version number, next
 * catalogue, webhook order): on PostgreSQL the statements after it see what
 * the previous holder committed. SQLite needs nothing: its transactions take
 * the one write lock at BEGIN.
 */
export async function lockFor(tx: Db, key: string): Promise<void> {
  if (connectionOf(tx).dialect === "postgres") {
    await (tx as unknown as { execute(q: SQL): Promise<unknown> }).execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`,
    );
  }
}

/** Holders of `withHeldLock` keys in this process (SQLite: one server process uses the file). */
const heldHere = new Map<string, Promise<unknown>>();

/**
 * Runs `work` holding `key` against every other holder, for work with an outside side effect that must not
 * interleave with itself (a PowerDNS push read before another's and landing after it). On PostgreSQL, several
 * instances: a transaction behind `lockFor`, its reads after the wait. On SQLite, one process: an in-process queue
 * per key, so the database's one write lock is not held through the outside call.
 */
export async function withHeldLock<T>(db: Db, key: string, work: (db: Db) => Promise<T>): Promise<T> {
  if (connectionOf(db).dialect === "postgres")
    return await inTransaction(db, async (tx) => {
      await lockFor(tx, key);
      return await work(tx);
    });
  const before = heldHere.get(key) ?? Promise.resolve();
  const mine = before.catch(() => {}).then(() => work(db));
  const tail = mine.catch(() => {});
  heldHere.set(key, tail);
  try {
    return await mine;
  } finally {
    if (heldHere.get(key) === tail) heldHere.delete(key);
  }
}

/** Raw SQL for what Drizzle cannot express (full-text search): rows as objects. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const connection = connectionOf(db);
  if (connection.dialect === "postgres") {
    const result = await (db as unknown as { execute(q: SQL): Promise<{ rows: T[] }> }).execute(query);
    return result.rows;
  }
  const { sql, params } = (
    db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }
  ).dialect.sqlToQuery(query);
  return (await connection.sqlite.execute(sql, params, "all", "object")) as T[];
}

const globalForDb = globalThis as unknown as { bengkelDb?: Db };

/** Closes the process-wide database if it was opened (a command-line run ends with it). */
export async function closeProcessDb(): Promise<void> {
  const db = globalForDb.bengkelDb;
  globalForDb.bengkelDb = undefined;
  if (db) await closeDb(db);
}

/** The process-wide database, opened on first use (a SQLite file is migrated then; PostgreSQL at start-up). */
export function getDb(): Db {
  globalForDb.bengkelDb ??= openDb();
  return globalForDb.bengkelDb;
}
