import { and, eq, gt, lte } from "drizzle-orm";
import { quoteCache } from "@/db/schema";
import type { Db } from "@/lib/db/client";

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

/** The stored payload JSON for this key if it has not expired at `nowMs`. */
export async function readCachedQuote(db: Db, key: QuoteCacheKey, nowMs: number): Promise<string | undefined> {
  // One lookup on quote_cache_key_idx.
  const [row] = await db
    .select({ payload: quoteCache.payload })
    .from(quoteCache)
    .where(
      and(
        eq(quoteCache.versionId, key.versionId),
        eq(quoteCache.kind, key.kind),
        eq(quoteCache.params, key.params),
        eq(quoteCache.catalogVersion, key.catalogVersion),
        gt(quoteCache.expiresAt, new Date(nowMs)),
      ),
    )
    .limit(1);
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
