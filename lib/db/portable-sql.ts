import { sql, type SQL } from "drizzle-orm";
import { dialectOf, type Db } from "./client";

/**
 * The few SQL spellings the two databases do not share, for the query builders
 * that need them (search has its own, lib/search/search-dialect.ts).
 */

/** True when the JSON array of strings in `column` holds `value`. */
export function jsonArrayHas(db: Db, column: SQL | unknown, value: string): SQL {
  return dialectOf(db) === "postgres"
    ? sql`exists (select 1 from json_array_elements_text(${column}) as e(value) where e.value = ${value})`
    : sql`exists (select 1 from json_each(${column}) where json_each.value = ${value})`;
}

/** The larger of two values (SQLite's two-argument max() is PostgreSQL's greatest()). */
export function greatest(db: Db, a: SQL | unknown, b: SQL | unknown): SQL {
  return dialectOf(db) === "postgres" ? sql`greatest(${a}, ${b})` : sql`max(${a}, ${b})`;
}

/** `column` starts with `prefix`, compared as UTF-8 bytes (S3 keys). */
export function startsWithBytes(db: Db, column: SQL | unknown, prefix: string): SQL {
  // Text columns on PostgreSQL use the C collation (db/schema-postgres.ts), so starts_with compares bytes.
  return dialectOf(db) === "postgres"
    ? sql`starts_with(${column}, ${prefix})`
    : sql`substr(cast(${column} as blob), 1, ${Buffer.byteLength(prefix)}) = cast(${prefix} as blob)`;
}

/** `column`, lower-cased, contains `text` (already lower-cased): no LIKE wildcards to escape. */
export function containsLower(db: Db, column: SQL | unknown, text: string): SQL {
  return dialectOf(db) === "postgres"
    ? sql`strpos(lower(${column}), ${text}) > 0`
    : sql`instr(lower(${column}), ${text}) > 0`;
}

/** An aggregate of the group's rows as one JSON text, `[[v1, v2, …], …]` (`[]` for none): a list read in the same statement. */
export function jsonRowsAgg(db: Db, values: (SQL | unknown)[]): SQL {
  const row = sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
  return dialectOf(db) === "postgres"
    ? sql`coalesce(json_agg(json_build_array(${row})), '[]'::json)`
    : sql`json_group_array(json_array(${row}))`;
}
