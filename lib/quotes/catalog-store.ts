import { desc, eq, sql } from "drizzle-orm";
import { priceCatalogs } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { preparedPerConnection } from "@/lib/db/prepared";
import { newId } from "@/lib/ids";
import { DEFAULT_CATALOG, catalogSchema, type PriceCatalog } from "@/lib/pricing/catalog";
import { parseInput } from "@/lib/pricing/validate-input";

export type StoredCatalog = typeof priceCatalogs.$inferSelect;

const selectLatest = preparedPerConnection((db) =>
  db
    .select()
    .from(priceCatalogs)
    .where(eq(priceCatalogs.workspaceId, sql.placeholder("workspaceId")))
    .orderBy(desc(priceCatalogs.version))
    .limit(1)
    .prepare(),
);

function latest(db: Db, workspaceId: string): StoredCatalog | undefined {
  return selectLatest(db).get({ workspaceId });
}

/**
 * The workspace's current catalogue (highest version). A workspace that never
 * published one gets `DEFAULT_CATALOG` written as version 1 on first use, so
 * every quote can name a stored version.
 */
export function getActiveCatalog(db: Db, workspaceId: string): StoredCatalog {
  const found = latest(db, workspaceId);
  if (found) return found;
  // Two first requests may race; the unique (workspace, version) index keeps one seed.
  db.insert(priceCatalogs)
    .values({
      id: newId("priceCatalog"),
      workspaceId,
      version: 1,
      catalog: DEFAULT_CATALOG,
      createdBy: "system",
      note: "Seeded from the built-in default catalogue",
      createdAt: new Date(),
    })
    .onConflictDoNothing()
    .run();
  return latest(db, workspaceId)!;
}

/** Validates `catalog` (400 `invalid_request` naming the field) and stores it as the next version. */
export function publishCatalog(
  db: Db,
  workspaceId: string,
  catalog: unknown,
  actor: string,
  note?: string,
): StoredCatalog {
  const valid: PriceCatalog = parseInput(catalogSchema, catalog, "catalog");
  // IMMEDIATE takes the write lock before reading the version, so concurrent publishers queue up.
  return db.transaction(
    (tx) => {
      const current = getActiveCatalog(tx as unknown as Db, workspaceId);
      return tx
        .insert(priceCatalogs)
        .values({
          id: newId("priceCatalog"),
          workspaceId,
          version: current.version + 1,
          catalog: valid,
          createdBy: actor,
          note: note ?? null,
          createdAt: new Date(),
        })
        .returning()
        .get();
    },
    { behavior: "immediate" },
  );
}
