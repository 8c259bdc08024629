import { describe, expect, it } from "vitest";
import { getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { PgTable, getTableConfig } from "drizzle-orm/pg-core";
import * as sqlite from "@/db/schema";
import * as postgres from "@/db/schema-postgres";

const tablesOf = (module: Record<string, unknown>, kind: typeof SQLiteTable | typeof PgTable) =>
  Object.entries(module).filter(([, value]) => is(value, kind as never)) as [string, SQLiteTable | PgTable][];

describe("the PostgreSQL schema drizzle-kit reads", () => {
  it("has every table of db/schema, under the same export and table name", () => {
    const expected = tablesOf(sqlite, SQLiteTable).map(([key, t]) => [key, getTableName(t)]);
    const actual = tablesOf(postgres, PgTable).map(([key, t]) => [key, getTableName(t)]);
    expect(actual.sort()).toEqual(expected.sort());
  });

  it("keeps columns, keys, indexes and foreign keys", () => {
    const vps = getTableConfig(postgres.vpsInstances);
    expect(vps.columns.find((c) => c.name === "address_index")).toMatchObject({ isUnique: true, notNull: true });
    const meta = getTableConfig(postgres.fileMetadata);
    expect(meta.columns.find((c) => c.name === "doc_id")).toMatchObject({ primary: true, columnType: "PgBigSerial53" });
    const versions = getTableConfig(postgres.fileVersions);
    expect(versions.indexes.map((i) => [i.config.name, i.config.unique])).toContainEqual([
      "file_versions_file_number_idx",
      true,
    ]);
    expect(versions.foreignKeys.map((fk) => fk.reference().foreignTable)).toContain(postgres.files);
    const counters = getTableConfig(postgres.usageCounters);
    expect(counters.primaryKeys[0].columns.map((c) => c.name)).toEqual(["workspace_id", "window"]);
  });
});
