import type Database from "better-sqlite3";
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

interface Statements {
  read: Database.Statement<[string, string, string, number, number], string>;
  write: Database.Statement<[QuoteCacheEntry]>;
  purge: Database.Statement<[number]>;
}

// A cache hit is one lookup on quote_cache_key_idx, no SQL building.
const statements = preparedPerConnection((db): Statements => {
  const client = db.$client;
  return {
    read: client
      .prepare<[string, string, string, number, number], string>(
        `SELECT payload FROM quote_cache
         WHERE version_id = ? AND kind = ? AND params = ? AND catalog_version = ? AND expires_at > ?`,
      )
      .pluck(),
    write: client.prepare<[QuoteCacheEntry]>(
      `INSERT INTO quote_cache (id, workspace_id, file_id, version_id, kind, params, catalog_version, payload, created_at, expires_at)
       VALUES (@id, @workspaceId, @fileId, @versionId, @kind, @params, @catalogVersion, @payload, @createdAt, @expiresAt)
       ON CONFLICT (version_id, kind, params, catalog_version) DO NOTHING`,
    ),
    purge: client.prepare<[number]>(`DELETE FROM quote_cache WHERE expires_at <= ?`),
  };
});

/** The stored payload JSON for this key if it has not expired at `nowMs`. */
export function readCachedQuote(db: Db, key: QuoteCacheKey, nowMs: number): string | undefined {
  return statements(db).read.get(key.versionId, key.kind, key.params, key.catalogVersion, nowMs);
}

/**
 * Drops every expired entry (keeping the table small), then stores this one. A
 * live entry for the same key can only come from a concurrent request; the
 * first one stays, so later hits keep one stable answer.
 */
export function writeCachedQuote(db: Db, entry: QuoteCacheEntry): void {
  const { write, purge } = statements(db);
  purge.run(entry.createdAt);
  write.run(entry);
}
