import { and, eq, gt, lte, sql } from "drizzle-orm";
import { quoteCache } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { preparedPerConnection } from "@/lib/db/prepared";

export interface QuoteCacheKey {
  versionId: string;
  kind: "print_3d" | "laser";
  /** Canonical JSON: equal requests give byte-equal strings. */
  params: string;
  catalogVersion: number;
}

export interface QuoteCacheEntry extends QuoteCacheKey {
  id: string;
  workspaceId: string;
  fileId: string;
  payload: string;
  createdAt: number;
  expiresAt: number;
}

// One lookup on quote_cache_key_idx.
const selectCached = preparedPerConnection("select_cached_quote", (db) =>
  db
    .select({ payload: quoteCache.payload })
    .from(quoteCache)
    .where(
      and(
        eq(quoteCache.versionId, sql.placeholder("versionId")),
        eq(quoteCache.kind, sql.placeholder("kind")),
        eq(quoteCache.params, sql.placeholder("params")),
        eq(quoteCache.catalogVersion, sql.placeholder("catalogVersion")),
        gt(quoteCache.expiresAt, sql.placeholder("now")),
      ),
    )
    .limit(1),
);

/** The stored payload JSON for this key if it has not expired at `nowMs`. */
export async function readCachedQuote(db: Db, key: QuoteCacheKey, nowMs: number): Promise<string | undefined> {
  const [row] = await selectCached(db).execute({ ...key, now: nowMs });
  return row?.payload;
}

/**
 * Drops every expired entry (keeping the table small), then stores this one. A
 * live entry for the same key can only come from a concurrent request; the
 * first one stays, so later hits keep one stable answer.
 */
export async function writeCachedQuote(db: Db, entry: QuoteCacheEntry): Promise<void> {
  await db.delete(quoteCache).where(lte(quoteCache.expiresAt, new Date(entry.createdAt)));
  await db
    .insert(quoteCache)
    .values({ ...entry, createdAt: new Date(entry.createdAt), expiresAt: new Date(entry.expiresAt) })
    .onConflictDoNothing({
      target: [quoteCache.versionId, quoteCache.kind, quoteCache.params, quoteCache.catalogVersion],
    });
}
