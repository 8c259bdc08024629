import { desc, eq, sql } from "drizzle-orm";
import { priceCatalogs } from "@/db/schema";
import { inTransaction, lockFor, type Db } from "@/lib/db/client";
import { preparedPerConnection } from "@/lib/db/prepared";
import { newId } from "@/lib/ids";
import { DomainError } from "@/lib/errors";
import { DEFAULT_CATALOG, catalogSchema, familySettings, processOf, type PriceCatalog } from "@/lib/pricing/catalog";
import { PrintProfileError, importPrusaConfig, type PrintSettings } from "@/lib/print-estimate/profile-settings";
import { parseInput } from "@/lib/pricing/validate-input";

export type StoredCatalog = typeof priceCatalogs.$inferSelect;

// The latest version's identity only: its catalogue JSON is parsed once per process (rows are append-only).
const selectLatest = preparedPerConnection("select_latest_catalog", (db) =>
  db
    .select({
      id: priceCatalogs.id,
      workspaceId: priceCatalogs.workspaceId,
      version: priceCatalogs.version,
      createdBy: priceCatalogs.createdBy,
      note: priceCatalogs.note,
      createdAt: priceCatalogs.createdAt,
    })
    .from(priceCatalogs)
    .where(eq(priceCatalogs.workspaceId, sql.placeholder("workspaceId")))
    .orderBy(desc(priceCatalogs.version))
    .limit(1),
);

const selectCatalogJson = preparedPerConnection("select_catalog_json", (db) =>
  db
    .select({ catalog: priceCatalogs.catalog })
    .from(priceCatalogs)
    .where(eq(priceCatalogs.id, sql.placeholder("id")))
    .limit(1),
);

const PARSED_LIMIT = 1000;
const parsed = new Map<string, PriceCatalog>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The catalogue stored under `id`, parsed once per process and shared frozen: a cached quote then
 * neither moves nor parses its JSON (and the profiles derived from it are memoised on the object).
 */
export async function catalogById(db: Db, id: string): Promise<PriceCatalog> {
  const known = parsed.get(id);
  if (known) return known;
  const [row] = await selectCatalogJson(db).execute({ id });
  if (!row) throw new Error(`price catalogue ${id} vanished; catalogues are append-only`);
  if (parsed.size >= PARSED_LIMIT) parsed.clear();
  const catalog = deepFreeze(row.catalog);
  parsed.set(id, catalog);
  return catalog;
}

async function latest(db: Db, workspaceId: string): Promise<StoredCatalog | undefined> {
  const [row] = await selectLatest(db).execute({ workspaceId });
  return row && { ...row, catalog: await catalogById(db, row.id) };
}

/**
 * The workspace's current catalogue (highest version). A workspace that never
 * published one gets `DEFAULT_CATALOG` written as version 1 on first use, so
 * every quote can name a stored version.
 */
export async function getActiveCatalog(db: Db, workspaceId: string): Promise<StoredCatalog> {
  const found = await latest(db, workspaceId);
  if (found) return found;
  // Two first requests may race; the unique (workspace, version) index keeps one seed.
  await db
    .insert(priceCatalogs)
    .values({
      id: newId("priceCatalog"),
      workspaceId,
      version: 1,
      catalog: DEFAULT_CATALOG,
      createdBy: "system",
      note: "Seeded from the built-in default catalogue",
      createdAt: new Date(),
    })
    .onConflictDoNothing();
  return (await latest(db, workspaceId))!;
}

/** Validates `catalog` (400 `invalid_request` naming the field) and stores it as the next version. */
export async function publishCatalog(
  db: Db,
  workspaceId: string,
  catalog: unknown,
  actor: string,
  note?: string,
): Promise<StoredCatalog> {
  const valid: PriceCatalog = parseInput(catalogSchema, catalog, "catalog");
  return await inTransaction(db, async (tx) => {
    // Concurrent publishers queue up here, so each reads the version the other wrote.
    await lockFor(tx, `catalog:${workspaceId}`);
    const current = await getActiveCatalog(tx, workspaceId);
    return (
      await tx
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
    )[0];
  });
}

/**
 * Imports a shop's PrusaSlicer config.ini as a family's print profile and publishes it as the next
 * catalogue version: the settings the estimators read replace the family's profile (the rest of it
 * from the built-in profile); every other key is listed back as ignored.
 */
export async function importPrintProfile(
  db: Db,
  workspaceId: string,
  input: { family: string; ini: string; actor: string },
): Promise<{ stored: StoredCatalog; imported: string[]; ignored: string[] }> {
  const current = (await getActiveCatalog(db, workspaceId)).catalog;
  const family = current.print_3d.families[input.family];
  if (!Object.hasOwn(current.print_3d.families, input.family)) {
    throw new DomainError(
      "invalid_request",
      `No print family "${input.family}"; the catalogue has ${Object.keys(current.print_3d.families).join(", ")}.`,
      { param: "family" },
    );
  }
  let settings: PrintSettings;
  let ignored: string[];
  try {
    ({ settings, ignored } = importPrusaConfig(processOf(family), input.ini));
  } catch (error) {
    if (!(error instanceof PrintProfileError)) throw error;
    throw new DomainError("invalid_request", `config.ini: ${error.message}`, { param: error.setting });
  }
  if (Object.keys(settings).length === 0) {
    throw new DomainError(
      "invalid_request",
      "config.ini has none of the settings the estimator reads; export it from PrusaSlicer with File → Export → Export Config.",
      { param: "file" },
    );
  }
  const { profile: _old, ...rest } = family;
  const next = structuredClone(current);
  next.print_3d.families[input.family] = {
    ...rest,
    profile: familySettings(input.family, { ...rest, profile: settings }),
  };
  const note = `Imported PrusaSlicer profile for ${input.family}: ${Object.keys(settings).length} settings read, ${ignored.length} ignored`;
  const stored = await publishCatalog(db, workspaceId, next, input.actor, note);
  return { stored, imported: Object.keys(settings).sort(), ignored };
}
