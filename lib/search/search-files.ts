import { sql, type SQL } from "drizzle-orm";
import type { FileFormat, FileStatus } from "@/db/schema";
import { queryRows, type Db } from "@/lib/db/client";
import type { FileRow } from "@/lib/files/get-file";
import { withStructure } from "@/lib/metadata/extract-metadata";
import type { FileMetadata } from "@/lib/metadata/types";
import type { TermGroup } from "./analyze-text";
import {
  checkConstraint,
  checkDims,
  metSql,
  NEAR,
  nearSql,
  numericFit,
  printDensity,
  printedOnlySql,
  type ConstraintCheck,
  type ConstraintStatus,
  type NumericFacts,
} from "./constraint-sql";
import { FIELDS, lexicalEmbedder, type Embedder, type Field, type TokenFields } from "./embedder";
import { highlight } from "./highlight";
import { indexStaleFiles } from "./index-file";
import { searchDialect, type SearchDialect } from "./search-dialect";
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
  /** How the file answers the query's numbers: `met` (all of them), `near` (ranked after those), `none` (the query has none). */
  match: {
    numbers: "met" | "near" | "none";
    constraints: (Omit<ConstraintCheck, "status"> & { status: Exclude<ConstraintStatus, "far"> })[];
  };
}

export interface NoResults {
  reason: string;
  /** Files of the workspace (after `filters`) in which each word or concept occurs. */
  terms: { text: string; files: number }[];
  /** Among the files matching the words (or all, without words): how many meet or nearly meet each number, and the closest value. */
  constraints: { text: string; attribute: string; met: number; near: number; closest: number | null }[];
}

export interface SearchResult {
  hits: SearchHit[];
  interpretation: {
    terms: { text: string; concepts: string[]; corrected_to?: string[] }[];
    constraints: Constraint[];
    dims: number[] | null;
    /** Results that miss a number (near misses or unknown values), ranked after the ones that meet them all. */
    near_matches: number;
    no_results?: NoResults;
  };
}

/** Candidates re-ranked per query; enough for any limit ≤ 50 while keeping the query fast on large workspaces. */
const CANDIDATES = 100;

/** The request's `filters`: hard, a file outside them is never returned. */
function filterSql(input: SearchInput, d: SearchDialect): SQL[] {
  const f = input.filters ?? {};
  const where: SQL[] = [];
  if (f.format?.length)
    where.push(
      sql`f.format IN (${sql.join(
        f.format.map((v) => sql`${v}`),
        sql`, `,
      )})`,
    );
  if (f.status?.length)
    where.push(
      sql`f.status IN (${sql.join(
        f.status.map((v) => sql`${v}`),
        sql`, `,
      )})`,
    );
  if (f.material?.length)
    where.push(
      sql`m.material IN (${sql.join(
        f.material.map((v) => sql`${v}`),
        sql`, `,
      )})`,
    );
  for (const tag of f.tag ?? [])
    where.push(sql`EXISTS (SELECT 1 FROM ${d.jsonStrings(sql`f.tags`)} WHERE value = ${tag})`);
  return where;
}

type Row = Record<string, unknown> & { bm: number };

const factsOf = (r: Row): NumericFacts => ({
  ...(r as unknown as NumericFacts),
  holeDiameters: JSON.parse(r.holeDiameters as string) as number[],
});

/**
 * Ranked search over one workspace: FTS5 BM25 over words, stems and bilingual
 * concepts, fused with how much of the query each file covers. Numbers in the
 * query rank rather than filter: files meeting them all come first, near
 * misses after (see constraint-sql.ts). Files not yet indexed (or changed
 * since) are indexed first from their stored geometry.
 */
export async function searchFiles(
  db: Db,
  workspaceId: string,
  input: SearchInput,
  embedder: Embedder<TokenFields, TermGroup[]> = lexicalEmbedder,
): Promise<SearchResult> {
  await indexStaleFiles(db, workspaceId);
  const d = searchDialect(db);
  const parsed = parseConstraints(input.query);
  const groups = embedder.embedQuery(parsed.text);
  const queryConcepts = groups.flatMap((g) => g.concepts);
  const density = printDensity(queryConcepts.map((id) => CONCEPT_BY_ID.get(id)?.material ?? ""));
  const numeric = parsed.constraints.length > 0 || parsed.dims !== null;
  const dimsText = parsed.dims ? parsed.dims.join(" x ") : "";
  // Generic words ("parts", "model") next to a number should not restrict the result to files that happen to contain them.
  // A printing material next to a weight ("heavier than 100 g in PETG") sets the density; it is not a word to match.
  const weighsIn = (g: TermGroup) =>
    density !== null &&
    parsed.constraints.some((c) => c.attribute === "weight") &&
    g.concepts.some((id) => CONCEPT_BY_ID.get(id)?.category === "material");
  const textGroups = (numeric ? groups.filter((g) => g.weight > 0.15) : groups).filter((g) => !weighsIn(g));
  const printedOnly = printedOnlySql(parsed.constraints, density);
  const hard = [
    sql`m.workspace_id = ${workspaceId}`,
    sql`f.workspace_id = ${workspaceId}`,
    ...filterSql(input, d),
    ...(printedOnly ? [printedOnly] : []),
  ];
  const near = nearSql(d, parsed.constraints, parsed.dims, density);
  const met = metSql(d, parsed.constraints, parsed.dims, density);
  const select = sql`SELECT f.id AS id, f.workspace_id AS "workspaceId", f.name AS name, f.format AS format, f.kind AS kind,
    f.status AS status, f.tags AS tags, f.current_version_id AS "currentVersionId", f.version_count AS "versionCount",
    f.size_bytes AS "sizeBytes", f.created_at AS "createdAt", f.updated_at AS "updatedAt",
    ${d.jsonField(sql`m.metadata`, "part_type")} AS "partType", m.shape_class AS "shapeClass", m.dim_max AS "dimMax",
    m.dim_mid AS "dimMid", m.dim_min AS "dimMin", m.thickness_mm AS "thicknessMm", m.hole_count AS "holeCount",
    m.hole_diameters AS "holeDiameters", m.volume_cm3 AS "volumeCm3",
    m.mass_volume_cm3 * coalesce(${density}, m.density_g_cm3, 1.24) AS "weightG",
    s.name AS "tName", s.tags AS "tTags", s.description AS "tDescription", s.metadata AS "tMetadata"`;
  const tokens = [...new Set(textGroups.flatMap((g) => g.tokens))];

  /** Candidates under `where`: by words (those meeting every number first, then rank), or without words the files meeting the numbers first. */
  const candidates = async (where: SQL[]): Promise<Row[]> => {
    let ranked: { docId: number; rank: number }[] = [];
    const narrow = where.length > 2 || numeric;
    if (tokens.length) {
      ranked = await queryRows(db, d.ranked(workspaceId, tokens, narrow ? where : [], met, CANDIDATES));
    } else if (numeric) {
      ranked = await queryRows(
        db,
        sql`SELECT m.doc_id AS "docId", 0 AS rank FROM file_metadata m JOIN files f ON f.id = m.file_id
        WHERE ${sql.join(where, sql` AND `)} ORDER BY ${met} DESC, f.created_at DESC LIMIT ${CANDIDATES}`,
      );
    }
    if (!ranked.length) return [];
    const rankByDoc = new Map(ranked.map((r) => [Number(r.docId), Number(r.rank)]));
    const rows = await queryRows<Row>(
      db,
      sql`${select}, m.doc_id AS "docId" FROM file_metadata m JOIN files f ON f.id = m.file_id ${d.joinText}
        WHERE m.doc_id IN (${sql.join(
          ranked.map((r) => sql`${r.docId}`),
          sql`, `,
        )}) AND ${sql.join(where, sql` AND `)}`,
    );
    return rows.map((r) => ({ ...r, bm: rankByDoc.get(Number(r.docId))! }));
  };
  const checksOf = (r: Row) => {
    const facts = factsOf(r);
    return [
      ...parsed.constraints.map((c) => checkConstraint(c, facts)),
      ...(parsed.dims ? [checkDims(parsed.dims, dimsText, facts)] : []),
    ];
  };

  const rows = await candidates([...hard, ...near]);
  const best = Math.min(-1e-9, ...rows.map((r) => r.bm));
  const queryTokens = new Set(textGroups.flatMap((g) => g.tokens));
  const scored = rows.flatMap((r) => {
    const checks = checksOf(r);
    if (checks.some((c) => c.status === "far")) return [];
    const doc = { name: r.tName, tags: r.tTags, description: r.tDescription, metadata: r.tMetadata } as TokenFields;
    // A file that *is* what the query names (its part type) beats one that merely mentions it ("shaft" vs "shaft coupler").
    const partType = r.partType as string | null;
    const isNamed = partType !== null && queryConcepts.some((id) => withAncestors(partType).has(id)) ? 1 : 0;
    const relevance =
      (textGroups.length ? 0.5 * embedder.similarity(doc, textGroups) + 0.2 * (r.bm / best) + 0.1 * isNamed : 0.8) +
      0.2;
    // Files meeting every number score 0.5–1, the others (near misses, unknown values) below 0.5, so they always come after.
    const fit = numericFit(checks);
    const allMet = fit === 1;
    const score = !numeric ? relevance : allMet ? 0.5 + 0.5 * relevance : 0.5 * relevance * fit;
    return [{ r, doc, score, checks, allMet }];
  });
  scored.sort((a, b) => b.score - a.score || String(a.r.name).localeCompare(String(b.r.name)));

  const top = scored.slice(0, input.limit);
  const metadataById = await loadMetadata(
    db,
    top.map(({ r }) => r.id as string),
  );
  const hits = top.map(({ r, doc, score, checks, allMet }) => {
    const metadata = metadataById.get(r.id as string)!;
    const matchedFields: (Field | "geometry")[] = FIELDS.filter((f) =>
      doc[f].split(" ").some((t) => queryTokens.has(t)),
    );
    if (checks.some((c) => c.status === "met")) matchedFields.push("geometry");
    const highlights = {
      name: highlight(String(r.name), queryTokens) ?? undefined,
      description_id: highlight(metadata.description.id, queryTokens) ?? undefined,
      description_en: highlight(metadata.description.en, queryTokens) ?? undefined,
    };
    const match = {
      numbers: !numeric ? ("none" as const) : allMet ? ("met" as const) : ("near" as const),
      constraints: checks as SearchHit["match"]["constraints"],
    };
    return { file: toFileRow(r), metadata, score: Math.round(score * 1000) / 1000, matchedFields, highlights, match };
  });
  const interpretation: SearchResult["interpretation"] = {
    terms: groups.map((g) => ({
      text: g.text,
      concepts: g.concepts,
      ...(g.correctedTo && { corrected_to: g.correctedTo }),
    })),
    constraints: parsed.constraints,
    dims: parsed.dims,
    near_matches: hits.filter((h) => h.match.numbers === "near").length,
  };
  if (!hits.length) interpretation.no_results = await explainEmpty();
  return { hits, interpretation };

  /** Why nothing came back: the filters, words no file contains, or numbers no file matching the words comes near. */
  async function explainEmpty(): Promise<NoResults> {
    const count = async (cond: SQL) =>
      Number(
        (
          await queryRows<{ n: number }>(
            db,
            sql`SELECT count(*) AS n FROM file_metadata m JOIN files f ON f.id = m.file_id WHERE ${sql.join([...hard, cond], sql` AND `)}`,
          )
        )[0].n,
      );
    const inScope = await count(sql`TRUE`);
    const terms = [];
    for (const g of textGroups) terms.push({ text: g.text, files: await count(d.contains(workspaceId, g.tokens)) });
    const pool = numeric ? await candidates(hard) : [];
    const constraints = [
      ...parsed.constraints.map((c) => ({ text: c.text, attribute: c.attribute as string })),
      ...(parsed.dims ? [{ text: dimsText, attribute: "dims" }] : []),
    ].map((c, i) => {
      const checks = pool.map((r) => checksOf(r)[i]);
      const known = checks.filter((k) => k.miss !== null && k.actual !== null).sort((a, b) => a.miss! - b.miss!);
      return {
        ...c,
        met: checks.filter((k) => k.status === "met").length,
        near: checks.filter((k) => k.status === "near").length,
        closest: known[0]?.actual ?? null,
      };
    });
    const filters = Object.values(input.filters ?? {}).some((v) => v?.length) || printedOnly !== null;
    const scope = filters ? " passing the filters" : "";
    const missing = terms.filter((t) => t.files === 0).map((t) => `"${t.text}"`);
    const numbers = constraints
      .filter((c) => c.met + c.near === 0)
      .map((c) => `"${c.text}"${c.closest !== null ? ` (closest: ${round(c.closest)})` : ""}`);
    let reason: string;
    if (inScope === 0)
      reason = filters ? "No file of the workspace passes the filters." : "The workspace has no files.";
    else if (textGroups.length && missing.length === terms.length)
      reason = `No file${scope} contains ${missing.join(", ")}.`;
    else if (numeric && pool.length) {
      const among = textGroups.length
        ? `None of the ${pool.length} files${scope} matching the words`
        : `None of the ${pool.length} files${scope}`;
      reason = `${among} meets or comes near ${numbers.length ? numbers.join(", ") : "all the numbers together"} (a near miss is within ${NEAR * 100} % of the asked value).`;
    } else reason = "No file matches the query.";
    return { reason, terms, constraints };
  }
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The full metadata documents, read only for the hits returned (they are the widest part of a row). */
async function loadMetadata(db: Db, fileIds: string[]): Promise<Map<string, FileMetadata>> {
  if (!fileIds.length) return new Map();
  const rows = await queryRows<{ fileId: string; metadata: string }>(
    db,
    sql`SELECT file_id AS "fileId", metadata FROM file_metadata WHERE file_id IN (${sql.join(
      fileIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.fileId, withStructure(JSON.parse(r.metadata) as FileMetadata)]));
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
    versionCount: Number(r.versionCount),
    sizeBytes: Number(r.sizeBytes),
    createdAt: new Date(Number(r.createdAt)),
    updatedAt: new Date(Number(r.updatedAt)),
  };
}
