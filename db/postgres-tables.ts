import { getTableConfig, type SQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  bigint,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  foreignKey,
  index,
  json,
  pgTable,
  primaryKey,
  unique,
  uniqueIndex,
  type PgColumnBuilderBase,
  type PgTable,
} from "drizzle-orm/pg-core";
import type { SQL } from "drizzle-orm";

/**
 * The PostgreSQL form of a table defined once in db/schema (SQLite). The domain
 * code builds its queries from the SQLite definitions and Drizzle renders them
 * for either database (lib/db/postgres-driver.ts), so each column is stored in
 * the form those definitions write and read back:
 * - text: `text COLLATE "C"`, so comparisons and ORDER BY go by bytes as in
 *   SQLite (S3 keys must list in UTF-8 byte order);
 * - integers and timestamps: bigint (timestamps are epoch milliseconds in both);
 * - JSON: json (not jsonb: the text is kept exactly as written);
 * - booleans: boolean; reals: double precision; an autoincrement key: bigserial.
 * Used only to generate db/migrations-postgres with drizzle-kit.
 */
const byteText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

const converted = new Map<SQLiteTable, PgTable>();

function columnFor(column: SQLiteColumn): PgColumnBuilderBase {
  const name = column.name;
  const autoIncrement = (column as unknown as { autoIncrement?: boolean }).autoIncrement === true;
  let built;
  switch (column.columnType) {
    case "SQLiteText":
      built = byteText(name);
      break;
    case "SQLiteTextJson":
      built = json(name);
      break;
    case "SQLiteInteger":
    case "SQLiteTimestamp":
      built = autoIncrement ? bigserial(name, { mode: "number" }) : bigint(name, { mode: "number" });
      break;
    case "SQLiteBoolean":
      built = boolean(name);
      break;
    case "SQLiteReal":
      built = doublePrecision(name);
      break;
    default:
      throw new Error(`${name}: no PostgreSQL form for ${column.columnType}`);
  }
  if (column.notNull) built = built.notNull();
  if (column.hasDefault && column.default !== undefined) built = built.default(column.default as never);
  if (column.primary) built = built.primaryKey();
  if (column.isUnique) built = built.unique(column.uniqueName);
  return built;
}

/** The PostgreSQL table for `table` (and, through its foreign keys, the tables it references). */
export function postgresTable(table: SQLiteTable): PgTable {
  const found = converted.get(table);
  if (found) return found;
  const config = getTableConfig(table);
  const columns = Object.fromEntries(
    Object.entries(table).flatMap(([key, value]) =>
      config.columns.includes(value as SQLiteColumn) ? [[key, columnFor(value as SQLiteColumn)]] : [],
    ),
  );
  const made = pgTable(config.name, columns, (t) => {
    const own = (c: SQLiteColumn) => (t as unknown as Record<string, never>)[keyOf(table, c)];
    const other = (c: SQLiteColumn) => {
      const target = postgresTable(c.table as SQLiteTable) as unknown as Record<string, never>;
      return target[keyOf(c.table as SQLiteTable, c)];
    };
    return [
      ...config.indexes.map((i) => {
        const cols = i.config.columns.map((c) => own(c as SQLiteColumn));
        const built = (i.config.unique ? uniqueIndex(i.config.name) : index(i.config.name)).on(
          ...(cols as [never, ...never[]]),
        );
        return i.config.where ? built.where(i.config.where as SQL) : built;
      }),
      ...config.primaryKeys.map((pk) =>
        primaryKey({ name: pk.getName(), columns: pk.columns.map(own) as [never, ...never[]] }),
      ),
      ...config.uniqueConstraints.map((u) => unique(u.getName()).on(...(u.columns.map(own) as [never, ...never[]]))),
      ...config.foreignKeys.map((fk) => {
        const ref = fk.reference();
        const built = foreignKey({
          name: fk.getName(),
          columns: ref.columns.map(own) as [never, ...never[]],
          foreignColumns: ref.foreignColumns.map(other) as [never, ...never[]],
        });
        if (fk.onDelete) built.onDelete(fk.onDelete);
        if (fk.onUpdate) built.onUpdate(fk.onUpdate);
        return built;
      }),
    ];
  });
  converted.set(table, made);
  return made;
}

function keyOf(table: SQLiteTable, column: SQLiteColumn): string {
  const key = Object.entries(table).find(([, value]) => value === column)?.[0];
  if (!key) throw new Error(`column ${column.name} not found on its table`);
  return key;
}
