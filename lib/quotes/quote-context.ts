import { and, eq, sql } from "drizzle-orm";
import { files, fileVersions, priceCatalogs, printEstimates } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { jsonRowsAgg } from "@/lib/db/portable-sql";
import { preparedPerConnection } from "@/lib/db/prepared";
import { DomainError } from "@/lib/errors";
import type { FileRow, FileVersionRow } from "@/lib/files/get-file";
import type { PriceCatalog } from "@/lib/pricing";
import { catalogById, getActiveCatalog } from "./catalog-store";
import type { EstimateState } from "./choose-print-figures";

/** The latest catalogue's column, as a subquery on (workspace_id, version) correlated with the file. */
const latestCatalog = <T>(column: typeof priceCatalogs.id | typeof priceCatalogs.version) =>
  sql<T | null>`(select ${column} from ${priceCatalogs} where ${priceCatalogs.workspaceId} = ${files.workspaceId} order by ${priceCatalogs.version} desc limit 1)`;

// A quote's every read but the cache in one statement: on PostgreSQL each saved statement is a round
// trip, and on both a query Drizzle does not build again.
const selectContext = preparedPerConnection("select_quote_context", (db) =>
  db
    .select({
      file: files,
      version: fileVersions,
      catalogId: latestCatalog<string>(priceCatalogs.id),
      catalogVersion: latestCatalog<number>(priceCatalogs.version),
      // The stored estimates' states (a few rows per profile), without their data.
      estimates: sql<string>`(select ${jsonRowsAgg(db, [
        printEstimates.profileKey,
        printEstimates.method,
        printEstimates.variant,
        printEstimates.status,
      ])} from ${printEstimates} where ${printEstimates.versionId} = ${files.currentVersionId})`,
    })
    .from(files)
    .innerJoin(fileVersions, eq(fileVersions.id, files.currentVersionId))
    .where(and(eq(files.id, sql.placeholder("fileId")), eq(files.workspaceId, sql.placeholder("workspaceId"))))
    .limit(1),
);

export interface QuoteContext {
  file: FileRow;
  /** The file's current version. */
  version: FileVersionRow;
  catalog: { version: number; catalog: PriceCatalog };
  /** Every stored print estimate of the version (a quote reads only its profiles'). */
  estimates: EstimateState[];
}

/**
 * A workspace file (404 for another workspace's id), its current version, the active catalogue and the
 * version's stored print estimates.
 */
export async function readQuoteContext(db: Db, workspaceId: string, fileId: string): Promise<QuoteContext> {
  const [row] = await selectContext(db).execute({ fileId, workspaceId });
  if (!row) throw new DomainError("not_found", `No file ${fileId} in this workspace.`, { param: "id" });
  const { file, version, catalogId, catalogVersion } = row;
  const estimates = (
    JSON.parse(row.estimates) as [string, EstimateState["method"], string, EstimateState["status"]][]
  ).map(([profileKey, method, variant, status]) => ({ profileKey, method, variant, status }));
  // A workspace that never published a catalogue has it seeded on first use.
  const catalog =
    catalogId === null
      ? await getActiveCatalog(db, workspaceId)
      : { version: Number(catalogVersion), catalog: await catalogById(db, catalogId) };
  return { file, version, catalog, estimates };
}
