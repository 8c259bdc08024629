import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "@/db/schema";
import { resolveFromRoot } from "@/lib/paths";
import { config } from "@/lib/config";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/**
 * For write transactions that read first: a deferred one that must upgrade its
 * read snapshot to a write fails at once with SQLITE_BUSY when another process
 * wrote meanwhile (busy_timeout cannot help it); an immediate one waits its turn.
 */
export const IMMEDIATE = { behavior: "immediate" } as const;

/** Accepts "file:relative/or/absolute.db", a bare path, or ":memory:". */
export function databasePathFromUrl(url: string): string {
  const stripped = url.startsWith("file:") ? url.slice("file:".length) : url;
  if (stripped === ":memory:") return stripped;
  return path.isAbsolute(stripped) ? stripped : resolveFromRoot(stripped);
}

/** Opens (creating if needed) a database file and brings its schema up to date. */
export function openDb(url: string = config().DATABASE_URL): Db {
  const file = databasePathFromUrl(url);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = drizzle(sqlite, { schema }) as Db;
  migrate(db, { migrationsFolder: resolveFromRoot("db/migrations") });
  return db;
}

const globalForDb = globalThis as unknown as { bengkelDb?: Db };

/** The process-wide database, opened and migrated on first use. */
export function getDb(): Db {
  globalForDb.bengkelDb ??= openDb();
  return globalForDb.bengkelDb;
}
