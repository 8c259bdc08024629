import { and, eq, sql } from "drizzle-orm";
import { files, fileVersions, priceCatalogs, printEstimates, quoteCache } from "@/db/schema";
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

// A cached quote's every read in one statement: on PostgreSQL each saved statement is a round trip, and
// on both a query Drizzle does not build again. The cache entry's key ends with the estimate methods,
// known only once the estimate states are read: the newest live entry whose key starts with the rest is
// read along (its key before a newline, then its answer), and the caller checks the whole key.
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
      cached: sql<string | null>`(select ${quoteCache.params} || cast(${"\n"} as text) || ${quoteCache.payload}
        from ${quoteCache}
        where ${quoteCache.versionId} = ${files.currentVersionId} and ${quoteCache.kind} = ${sql.placeholder("kind")}
          and ${quoteCache.catalogVersion} = ${latestCatalog(priceCatalogs.version)}
          and ${quoteCache.expiresAt} > ${sql.placeholder("now")}
          and substr(${quoteCache.params}, 1, ${sql.placeholder("prefixLength")}) = ${sql.placeholder("paramsPrefix")}
        order by ${quoteCache.createdAt} desc limit 1)`,
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
  /** The newest live cached answer whose parameters start with the given prefix: its parameters and answer. */
  cached: { params: string; payload: string } | null;
}

/** What the cache lookup riding along needs: the process, the clock and the parameters' prefix. */
export interface CacheProbe {
  kind: "print_3d" | "laser";
  nowMs: number;
  paramsPrefix: string;
}

/**
 * A workspace file (404 for another workspace's id), its current version, the active catalogue and the
 * version's stored print estimates.
 */
export async function readQuoteContext(
  db: Db,
  workspaceId: string,
  fileId: string,
  probe: CacheProbe,
): Promise<QuoteContext> {
  const [row] = await selectContext(db).execute({
    fileId,
    workspaceId,
    kind: probe.kind,
    now: probe.nowMs,
    prefixLength: probe.paramsPrefix.length,
    paramsPrefix: probe.paramsPrefix,
  });
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
  const split = row.cached?.indexOf("\n") ?? -1;
  const cached = split < 0 ? null : { params: row.cached!.slice(0, split), payload: row.cached!.slice(split + 1) };
  return { file, version, catalog, estimates, cached };
}
