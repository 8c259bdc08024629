import { AsyncLocalStorage } from "node:async_hooks";
import Database from "better-sqlite3";
import { drizzle as drizzleSync } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle as drizzleProxy } from "drizzle-orm/sqlite-proxy";
import * as schema from "@/db/schema";
import { resolveFromRoot } from "@/lib/paths";

type Method = "run" | "all" | "values" | "get";
const STATEMENT_CACHE_SIZE = 500;

/**
 * One connection shared by every request; a transaction owns it while open.
 * Queries are async (the same domain code runs on PostgreSQL), so between two
 * awaits of a transaction another request's statement could run inside it and
 * be rolled back with it. The gate makes everyone else wait until the
 * transaction ends; statements of the transaction itself (recognised through
 * AsyncLocalStorage) pass.
 */
export class SqliteGate {
  private owner: symbol | null = null;
  private waiters: (() => void)[] = [];
  readonly context = new AsyncLocalStorage<symbol>();

  /** Resolves at once unless another transaction holds the connection. */
  async pass(): Promise<void> {
    while (this.owner !== null && this.owner !== this.context.getStore()) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /**
   * Runs `work` as the connection's owner. The wait is inlined rather than `await this.pass()`: that await would
   * leave a gap between seeing the connection free and taking it, and two transactions begun together both got in.
   */
  async own<T>(work: () => Promise<T>): Promise<T> {
    while (this.owner !== null && this.owner !== this.context.getStore()) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    const token = Symbol("transaction");
    this.owner = token;
    try {
      return await this.context.run(token, work);
    } finally {
      this.owner = null;
      const waiters = this.waiters;
      this.waiters = [];
      for (const wake of waiters) wake();
    }
  }

  /** True inside a transaction's own async context. */
  inside(): boolean {
    return this.owner !== null && this.owner === this.context.getStore();
  }
}

export interface SqliteConnection {
  client: Database.Database;
  gate: SqliteGate;
  /** Runs a statement with the gate passed; rows as arrays (what Drizzle maps) or objects (raw SQL). */
  execute(sql: string, params: unknown[], method: Method, shape: "array" | "object"): Promise<unknown>;
}

/** Opens (creating if needed) a database file and brings its schema up to date. */
export function openSqlite(file: string): SqliteConnection {
  const client = new Database(file);
  client.pragma("journal_mode = WAL");
  client.pragma("foreign_keys = ON");
  client.pragma("busy_timeout = 5000");
  client.pragma("synchronous = NORMAL");
  migrate(drizzleSync(client), { migrationsFolder: resolveFromRoot("db/migrations") });

  // Drizzle builds the same SQL text for the same query shape; preparing it once saves ~0.1 ms a call.
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string): Database.Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
      statement = client.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const gate = new SqliteGate();
  const execute = async (sql: string, params: unknown[], method: Method, shape: "array" | "object") => {
    await gate.pass();
    const statement = prepare(sql);
    if (method === "run" || !statement.reader) {
      statement.run(...params);
      return [];
    }
    statement.raw(shape === "array");
    return method === "get" ? statement.get(...params) : statement.all(...params);
  };
  return { client, gate, execute };
}

export function drizzleSqlite(connection: SqliteConnection) {
  return drizzleProxy(
    async (sql, params, method) => ({ rows: (await connection.execute(sql, params, method, "array")) as never }),
    { schema },
  );
}
