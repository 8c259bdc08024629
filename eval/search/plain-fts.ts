import { sqliteHandle, type Db } from "@/lib/db/client";
import type { FileMetadata } from "@/lib/metadata/types";

/**
 * The baselines: plain FTS5 (unicode61, diacritics removed), the query's words
 * OR-ed and ranked by BM25; no stemming, concepts or numbers. Three indexes:
 * - `plain_own_fts`: the file's own words — name, tags and the texts found in
 *   the file (DXF texts and layers, object and material names). This is what
 *   plain FTS5 over the uploaded files sees, so the target is measured against it.
 * - `plain_fts`: the same plus what our analysis writes (both generated
 *   descriptions, material label, shape class) — an upper bound for plain FTS5.
 * - `plain_name_fts`: name and tags only.
 */
export function buildPlainFts(db: Db): void {
  const c = sqliteHandle(db);
  for (const table of PLAIN_TABLES) {
    c.exec(
      `CREATE VIRTUAL TABLE ${table} USING fts5(file_id UNINDEXED, name, tags, description, metadata, tokenize = 'unicode61 remove_diacritics 2')`,
    );
  }
  const rows = c
    .prepare(
      "SELECT f.id, f.name, f.tags, m.metadata, m.source_texts FROM files f JOIN file_metadata m ON m.file_id = f.id",
    )
    .all() as Record<string, string>[];
  const insert = c.prepare("INSERT INTO plain_fts (file_id, name, tags, description, metadata) VALUES (?, ?, ?, ?, ?)");
  const insertOwn = c.prepare(
    "INSERT INTO plain_own_fts (file_id, name, tags, description, metadata) VALUES (?, ?, ?, '', ?)",
  );
  const insertNames = c.prepare(
    "INSERT INTO plain_name_fts (file_id, name, tags, description, metadata) VALUES (?, ?, ?, '', '')",
  );
  for (const r of rows) {
    const m = JSON.parse(r.metadata) as FileMetadata;
    const texts = (JSON.parse(r.source_texts) as { text: string }[]).map((t) => t.text);
    const meta = [m.material?.label ?? "", m.shape_class, m.format, ...texts].join(" ");
    const tags = (JSON.parse(r.tags) as string[]).join(" ");
    insert.run(r.id, r.name, tags, `${m.description.id} ${m.description.en}`, meta);
    insertOwn.run(r.id, r.name, tags, texts.join(" "));
    insertNames.run(r.id, r.name, tags);
  }
}

const PLAIN_TABLES = ["plain_own_fts", "plain_fts", "plain_name_fts"] as const;

export function searchPlainFts(db: Db, table: (typeof PLAIN_TABLES)[number], query: string, limit: number): string[] {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (!words.length) return [];
  const match = words.map((w) => `"${w}"`).join(" OR ");
  const sql = `SELECT file_id FROM ${table} WHERE ${table} MATCH ? ORDER BY bm25(${table}, 4.0, 2.5, 1.0, 1.5) LIMIT ?`;
  const rows = sqliteHandle(db).prepare(sql).all(match, limit) as { file_id: string }[];
  return rows.map((r) => r.file_id);
}
