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
 * On globalThis, like the process-wide database: Next.js bundles this module into instrumentation and into route
 * chunks separately, and a route must find the connection of the database instrumentation opened.
 */
const globalForConnections = globalThis as unknown as { bengkelDbConnections?: WeakMap<object, Connection> };
const connections = (globalForConnections.bengkelDbConnections ??= new WeakMap<object, Connection>());

function connectionOf(db: Db): Connection {
  const found = connections.get(db);
  if (!found) throw new Error("not a database opened by openDb");
  return found;
}

export function dialectOf(db: Db): Dialect {
  return connectionOf(db).dialect;
}

export function isPostgresUrl(url: string): boolean {
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
    connections.set(db, { dialect: "postgres", postgres });
    return db;
  }
  const file = databasePathFromUrl(url);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = openSqlite(file);
  const db = drizzleSqlite(sqlite) as unknown as Db;
  connections.set(db, { dialect: "sqlite", sqlite });
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
  const { database, host } = connection.postgres.pool.options;
  return `postgres://${host ?? "localhost"}/${database ?? ""}`;
}

/**
 * Runs `work` in one transaction and returns its result; a throw rolls it
 * back. On SQLite the transaction takes the write lock at BEGIN (IMMEDIATE:
 * a read-then-write transaction cannot fail to upgrade) and other requests'
 * statements wait for it to end; `work` should await only the database. Called
 * with a transaction, it nests as a savepoint.
 */
export async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const connection = connectionOf(db);
  const run = (tx: Db) => {
    connections.set(tx, connection);
    return work(tx);
  };
  if (connection.dialect === "postgres" || connection.sqlite.gate.inside()) {
    return db.transaction(run as never);
  }
  return connection.sqlite.gate.own(() => db.transaction(run as never, { behavior: "immediate" }));
}

/**
 * Inside a transaction: waits until no other transaction holds `key`, then
 * holds it to the end. For read-then-write steps (next version number, next
 * catalogue) that must not interleave. SQLite needs nothing: its transactions
 * already take the one write lock at BEGIN.
 */
export async function lockFor(tx: Db, key: string): Promise<void> {
  if (connectionOf(tx).dialect === "postgres") {
    await (tx as unknown as { execute(q: SQL): Promise<unknown> }).execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`,
    );
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
