import { sql, type SQL } from "drizzle-orm";
import { queryRows, dialectOf, type Db } from "@/lib/db/client";

/**
 * What search needs from the database that the two dialects spell differently:
 * the full-text index and JSON arrays. SQLite has FTS5 with BM25 (search_fts,
 * rowid = file_metadata.doc_id, workspaces kept apart by a token in the
 * metadata column); PostgreSQL has a tsvector column with the same four fields
 * weighted A–D (search_documents, filtered by workspace_id) ranked by
 * ts_rank. Both index the tokens our own analyser produced (words, stems,
 * bilingual concepts), so the text analysis is the same and only the ranking
 * function differs. `rank` is "lower is better" in both, as BM25 is in FTS5.
 */
export interface SearchDialect {
  /** Rows (docId, rank) of documents containing any of `tokens`, best first. */
  ranked(workspaceId: string, tokens: string[], where: SQL[], orderFirst: SQL | null, limit: number): SQL;
  /** The text columns (name, tags, description, metadata) joined as `s` for documents `m`. */
  joinText: SQL;
  /** A condition: document `m` contains any of `tokens`. */
  contains(workspaceId: string, tokens: string[]): SQL;
  /** A FROM item over a JSON array column with one numeric column `value`. */
  jsonNumbers(column: SQL): SQL;
  /** A FROM item over a JSON array column of strings, one column `value`. */
  jsonStrings(column: SQL): SQL;
  jsonLength(column: SQL): SQL;
  jsonField(column: SQL, key: string): SQL;
}

const workspaceToken = (workspaceId: string) => `zw${workspaceId.toLowerCase().replace(/[^a-z0-9]/g, "")}`;
/** An FTS5 phrase: a token the analyser made of several words ("c_bracket") must match as one. */
const phrase = (token: string) => `"${token.replace(/"/g, "")}"`;
/** Column weights of bm25(): a word in the name says more than one in the description. */
const BM25 = sql.raw("bm25(search_fts, 4.0, 2.5, 1.0, 1.5)");
/** The same weights for ts_rank, scaled into its 0–1 range, in its {D, C, B, A} order (description, metadata, tags, name). */
const TS_WEIGHTS = sql.raw("'{0.25, 0.375, 0.625, 1.0}'");

const sqlite: SearchDialect = {
  ranked(workspaceId, tokens, where, orderFirst, limit) {
    const match = `${workspaceToken(workspaceId)} AND (${tokens.map(phrase).join(" OR ")})`;
    // The workspace token in MATCH already isolates workspaces; join the tables only when there is something to filter on.
    if (!where.length)
      return sql`SELECT rowid AS "docId", ${BM25} AS rank FROM search_fts WHERE search_fts MATCH ${match} ORDER BY rank LIMIT ${limit}`;
    return sql`SELECT s.rowid AS "docId", ${BM25} AS rank FROM search_fts s JOIN file_metadata m ON m.doc_id = s.rowid
      JOIN files f ON f.id = m.file_id WHERE search_fts MATCH ${match} AND ${sql.join(where, sql` AND `)}
      ORDER BY ${orderFirst ?? sql`0`} DESC, rank LIMIT ${limit}`;
  },
  joinText: sql`JOIN search_fts s ON s.rowid = m.doc_id`,
  contains: (workspaceId, tokens) =>
    sql`m.doc_id IN (SELECT rowid FROM search_fts WHERE search_fts MATCH ${`${workspaceToken(workspaceId)} AND (${tokens.map(phrase).join(" OR ")})`})`,
  jsonNumbers: (column) => sql`json_each(${column})`,
  jsonStrings: (column) => sql`json_each(${column})`,
  jsonLength: (column) => sql`json_array_length(${column})`,
  jsonField: (column, key) => sql`json_extract(${column}, ${`$.${key}`})`,
};

const tsQuery = (tokens: string[]) =>
  sql.join(
    tokens.map((t) => sql`phraseto_tsquery('simple', ${t})`),
    sql` || `,
  );

const postgres: SearchDialect = {
  ranked(workspaceId, tokens, where, orderFirst, limit) {
    const rank = sql`-ts_rank(${TS_WEIGHTS}, s.document, q.query)`;
    const scope = [sql`s.workspace_id = ${workspaceId}`, sql`s.document @@ q.query`, ...where];
    return sql`SELECT s.doc_id AS "docId", ${rank} AS rank FROM search_documents s CROSS JOIN (SELECT ${tsQuery(tokens)} AS query) q
      JOIN file_metadata m ON m.doc_id = s.doc_id JOIN files f ON f.id = m.file_id WHERE ${sql.join(scope, sql` AND `)}
      ORDER BY ${orderFirst ?? sql`0`} DESC, rank LIMIT ${limit}`;
  },
  joinText: sql`JOIN search_documents s ON s.doc_id = m.doc_id`,
  contains: (workspaceId, tokens) =>
    sql`m.doc_id IN (SELECT doc_id FROM search_documents WHERE workspace_id = ${workspaceId} AND document @@ (${tsQuery(tokens)}))`,
  jsonNumbers: (column) => sql`(SELECT e::float8 AS value FROM json_array_elements_text(${column}) AS e) AS numbers`,
  jsonStrings: (column) => sql`json_array_elements_text(${column}) AS strings(value)`,
  jsonLength: (column) => sql`json_array_length(${column})`,
  jsonField: (column, key) => sql`(${column} ->> ${key})`,
};

export function searchDialect(db: Db): SearchDialect {
  return dialectOf(db) === "postgres" ? postgres : sqlite;
}

/** Replaces document `docId`'s indexed text (inside the caller's transaction). */
export async function writeSearchDocument(
  tx: Db,
  doc: { docId: number; workspaceId: string; name: string; tags: string; description: string; metadata: string },
): Promise<void> {
  if (dialectOf(tx) === "postgres") {
    await queryRows(
      tx,
      sql`INSERT INTO search_documents (doc_id, workspace_id, name, tags, description, metadata)
        VALUES (${doc.docId}, ${doc.workspaceId}, ${doc.name}, ${doc.tags}, ${doc.description}, ${doc.metadata})
        ON CONFLICT (doc_id) DO UPDATE SET workspace_id = excluded.workspace_id, name = excluded.name,
          tags = excluded.tags, description = excluded.description, metadata = excluded.metadata`,
    );
    return;
  }
  await queryRows(tx, sql`DELETE FROM search_fts WHERE rowid = ${doc.docId}`);
  await queryRows(
    tx,
    sql`INSERT INTO search_fts (rowid, name, tags, description, metadata)
      VALUES (${doc.docId}, ${doc.name}, ${doc.tags}, ${doc.description}, ${`${workspaceToken(doc.workspaceId)} ${doc.metadata}`})`,
  );
}
