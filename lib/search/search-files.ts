import { sql, type SQL } from "drizzle-orm";
import type { FileFormat, FileStatus } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import type { FileRow } from "@/lib/files/get-file";
import type { FileMetadata } from "@/lib/metadata/types";
import type { TermGroup } from "./analyze-text";
import { constraintBoost, constraintFilter, dimsMatch, printDensity, type NumericFacts } from "./constraint-sql";
import { FIELDS, lexicalEmbedder, type Embedder, type Field, type TokenFields } from "./embedder";
import { highlight } from "./highlight";
import { indexStaleFiles, workspaceToken } from "./index-file";
import { CONCEPT_BY_ID, withAncestors } from "./lexicon";
import { parseConstraints, type Constraint } from "./parse-constraints";

export interface SearchInput {
  query: string;
  limit: number;
  filters?: { format?: FileFormat[]; tag?: string[]; status?: FileStatus[]; material?: string[] };
}

export interface SearchHit {
  file: FileRow;
  metadata: FileMetadata;
  score: number;
  matchedFields: (Field | "geometry")[];
  highlights: { name?: string; description_id?: string; description_en?: string };
}

export interface SearchResult {
  hits: SearchHit[];
  interpretation: { terms: { text: string; concepts: string[]; corrected_to?: string[] }[]; constraints: Constraint[]; dims: number[] | null };
}

/** Candidates re-ranked per query; enough for any limit ≤ 50 while keeping the query fast on large workspaces. */
const CANDIDATES = 100;
/** Column weights of bm25(): a word in the name says more than one in the description. */
const BM25 = sql.raw("bm25(search_fts, 4.0, 2.5, 1.0, 1.5)");

const quote = (token: string) => `"${token.replace(/"/g, "")}"`;

function filterSql(input: SearchInput, constraints: Constraint[], density: number | null): SQL[] {
  const f = input.filters ?? {};
  const where: SQL[] = [];
  if (f.format?.length) where.push(sql`f.format IN (${sql.join(f.format.map((v) => sql`${v}`), sql`, `)})`);
  if (f.status?.length) where.push(sql`f.status IN (${sql.join(f.status.map((v) => sql`${v}`), sql`, `)})`);
  if (f.material?.length) where.push(sql`m.material IN (${sql.join(f.material.map((v) => sql`${v}`), sql`, `)})`);
  for (const tag of f.tag ?? []) where.push(sql`EXISTS (SELECT 1 FROM json_each(f.tags) WHERE value = ${tag})`);
  for (const c of constraints) {
    const filter = constraintFilter(c, density);
    if (filter) where.push(filter);
  }
  return where;
}

type Row = Record<string, unknown> & { bm: number };

/**
 * Ranked search over one workspace: FTS5 BM25 over words, stems and bilingual
 * concepts, fused with how much of the query each file covers and with the
 * numeric constraints found in the query. Files not yet indexed (or changed
 * since) are indexed first from their stored geometry.
 */
export function searchFiles(db: Db, workspaceId: string, input: SearchInput, embedder: Embedder<TokenFields, TermGroup[]> = lexicalEmbedder): SearchResult {
  indexStaleFiles(db, workspaceId);
  const parsed = parseConstraints(input.query);
  const groups = embedder.embedQuery(parsed.text);
  const queryConcepts = groups.flatMap((g) => g.concepts);
  const density = printDensity(queryConcepts.map((id) => CONCEPT_BY_ID.get(id)?.material ?? ""));
  const softConstraints = parsed.constraints.filter((c) => c.op === "eq");
  const numeric = parsed.constraints.length > 0 || parsed.dims !== null;
  // Generic words ("parts", "model") next to a number should not restrict the result to files that happen to contain them.
  // A printing material next to a weight ("heavier than 100 g in PETG") sets the density; it is not a word to match.
  const weighsIn = (g: TermGroup) => density !== null && parsed.constraints.some((c) => c.attribute === "weight") && g.concepts.some((id) => CONCEPT_BY_ID.get(id)?.category === "material");
  const textGroups = (numeric ? groups.filter((g) => g.weight > 0.15) : groups).filter((g) => !weighsIn(g));
  const filters = filterSql(input, parsed.constraints, density);
  const filtered = filters.length > 0;
  const where = [sql`m.workspace_id = ${workspaceId}`, sql`f.workspace_id = ${workspaceId}`, ...filters];
  const select = sql`SELECT f.id AS id, f.workspace_id AS workspaceId, f.name AS name, f.format AS format, f.kind AS kind, f.status AS status,
    f.tags AS tags, f.current_version_id AS currentVersionId, f.version_count AS versionCount, f.size_bytes AS sizeBytes,
    f.created_at AS createdAt, f.updated_at AS updatedAt, json_extract(m.metadata, '$.part_type') AS partType, m.dim_max AS dimMax, m.dim_mid AS dimMid,
    m.dim_min AS dimMin, m.thickness_mm AS thicknessMm, m.hole_count AS holeCount, m.hole_diameters AS holeDiameters,
    m.volume_cm3 AS volumeCm3, m.mass_volume_cm3 * coalesce(${density}, m.density_g_cm3, 1.24) AS weightG,
    s.name AS tName, s.tags AS tTags, s.description AS tDescription, s.metadata AS tMetadata`;
  // Rank first on the narrow columns, then read the wide ones (token lists) for the candidates only.
  let ranked: { docId: number; bm: number }[] = [];
  if (textGroups.length) {
    const match = `${workspaceToken(workspaceId)} AND (${[...new Set(textGroups.flatMap((g) => g.tokens))].map(quote).join(" OR ")})`;
    // The workspace token in MATCH already isolates workspaces; join the tables only when there is something to filter on.
    ranked = filtered
      ? db.all(sql`SELECT s.rowid AS docId, ${BM25} AS bm FROM search_fts s JOIN file_metadata m ON m.doc_id = s.rowid JOIN files f ON f.id = m.file_id
          WHERE search_fts MATCH ${match} AND ${sql.join(where, sql` AND `)} ORDER BY bm LIMIT ${CANDIDATES}`)
      : db.all(sql`SELECT rowid AS docId, ${BM25} AS bm FROM search_fts WHERE search_fts MATCH ${match} ORDER BY bm LIMIT ${CANDIDATES}`);
  } else if (numeric) {
    ranked = db.all(sql`SELECT m.doc_id AS docId, 0 AS bm FROM file_metadata m JOIN files f ON f.id = m.file_id
      WHERE ${sql.join(where, sql` AND `)} ORDER BY f.created_at DESC LIMIT ${CANDIDATES}`);
  }
  const bmByDoc = new Map(ranked.map((r) => [r.docId, r.bm]));
  const rows: Row[] = ranked.length
    ? db.all<Row>(sql`${select}, m.doc_id AS docId FROM file_metadata m JOIN files f ON f.id = m.file_id JOIN search_fts s ON s.rowid = m.doc_id
        WHERE m.doc_id IN (${sql.join(ranked.map((r) => sql`${r.docId}`), sql`, `)}) AND ${sql.join(where, sql` AND `)}`).map((r) => ({ ...r, bm: bmByDoc.get(r.docId as number)! }))
    : [];

  const best = Math.min(-1e-9, ...rows.map((r) => r.bm));
  const queryTokens = new Set(textGroups.flatMap((g) => g.tokens));
  const scored = rows.map((r) => {
    const doc = { name: r.tName, tags: r.tTags, description: r.tDescription, metadata: r.tMetadata } as TokenFields;
    const facts = { ...(r as unknown as NumericFacts), holeDiameters: JSON.parse(r.holeDiameters as string) as number[] };
    const boosts = [...softConstraints.map((c) => constraintBoost(c, facts)), ...(parsed.dims ? [dimsMatch(parsed.dims, facts) ? 1 : 0] : [])];
    const soft = boosts.length ? boosts.reduce((a, b) => a + b, 0) / boosts.length : 1;
    // A file that *is* what the query names (its part type) beats one that merely mentions it ("shaft" vs "shaft coupler").
    const partType = r.partType as string | null;
    const isNamed = partType !== null && queryConcepts.some((id) => withAncestors(partType).has(id)) ? 1 : 0;
    const text = textGroups.length ? 0.5 * embedder.similarity(doc, textGroups) + 0.2 * (r.bm / best) + 0.1 * isNamed : 0.8;
    return { r, doc, score: text + 0.2 * soft };
  });
  scored.sort((a, b) => b.score - a.score || String(a.r.name).localeCompare(String(b.r.name)));

  const top = scored.slice(0, input.limit);
  const metadataById = loadMetadata(db, top.map(({ r }) => r.id as string));
  const hits = top.map(({ r, doc, score }) => {
    const metadata = metadataById.get(r.id as string)!;
    const matchedFields: (Field | "geometry")[] = FIELDS.filter((f) => doc[f].split(" ").some((t) => queryTokens.has(t)));
    if (numeric) matchedFields.push("geometry");
    const highlights = {
      name: highlight(String(r.name), queryTokens) ?? undefined,
      description_id: highlight(metadata.description.id, queryTokens) ?? undefined,
      description_en: highlight(metadata.description.en, queryTokens) ?? undefined,
    };
    return { file: toFileRow(r), metadata, score: Math.round(score * 1000) / 1000, matchedFields, highlights };
  });
  return {
    hits,
    interpretation: {
      terms: groups.map((g) => ({ text: g.text, concepts: g.concepts, ...(g.correctedTo && { corrected_to: g.correctedTo }) })),
      constraints: parsed.constraints,
      dims: parsed.dims,
    },
  };
}

/** The full metadata documents, read only for the hits returned (they are the widest part of a row). */
function loadMetadata(db: Db, fileIds: string[]): Map<string, FileMetadata> {
  if (!fileIds.length) return new Map();
  const rows = db.all<{ fileId: string; metadata: string }>(
    sql`SELECT file_id AS fileId, metadata FROM file_metadata WHERE file_id IN (${sql.join(fileIds.map((id) => sql`${id}`), sql`, `)})`,
  );
  return new Map(rows.map((r) => [r.fileId, JSON.parse(r.metadata) as FileMetadata]));
}

function toFileRow(r: Row): FileRow {
  return {
    id: r.id as string,
    workspaceId: r.workspaceId as string,
    name: r.name as string,
    format: r.format as FileFormat,
    kind: r.kind as FileRow["kind"],
    status: r.status as FileStatus,
    tags: JSON.parse(r.tags as string) as string[],
    currentVersionId: r.currentVersionId as string,
    versionCount: r.versionCount as number,
    sizeBytes: r.sizeBytes as number,
    createdAt: new Date(r.createdAt as number),
    updatedAt: new Date(r.updatedAt as number),
  };
}

