/**
 * `npm run eval:search`: nDCG@10 and recall@5 of the search engine and of the
 * plain FTS5 baselines (see plain-fts.ts) on the judged set in this folder
 * (files.json, queries.json). The target compares the engine with plain FTS5
 * over the files' own words.
 * `--verbose` lists each query's score and top results. `--database postgres://…`
 * runs the engine on PostgreSQL (in a scratch database created and dropped on
 * that server); the FTS5 baselines always run on SQLite.
 */
import fs from "node:fs";
import path from "node:path";
import { searchFiles } from "@/lib/search/search-files";
import { loadCorpus, type CorpusFile } from "./load-corpus";
import { buildPlainFts, searchPlainFts } from "./plain-fts";
import { migrateDb, openDb, closeDb } from "@/lib/db/client";
import { scratchPostgres } from "@/test/helpers/postgres";

type Judged = [string, "id" | "en", Record<string, number>];
const dir = path.dirname(new URL(import.meta.url).pathname);
const corpus = (JSON.parse(fs.readFileSync(path.join(dir, "files.json"), "utf8")) as { files: CorpusFile[] }).files;
const queries = (JSON.parse(fs.readFileSync(path.join(dir, "queries.json"), "utf8")) as { queries: Judged[] }).queries;
const verbose = process.argv.includes("--verbose");

function ndcgAt(ranked: string[], grades: Record<string, number>, k: number): number {
  const dcg = (gs: number[]) => gs.slice(0, k).reduce((s, g, i) => s + (2 ** g - 1) / Math.log2(i + 2), 0);
  const ideal = dcg(Object.values(grades).sort((a, b) => b - a));
  return ideal ? dcg(ranked.map((id) => grades[id] ?? 0)) / ideal : 0;
}

function recallAt(ranked: string[], grades: Record<string, number>, k: number): number {
  const relevant = Object.keys(grades).filter((id) => grades[id] > 0);
  return relevant.filter((id) => ranked.slice(0, k).includes(id)).length / relevant.length;
}

const databaseArg = process.argv.indexOf("--database");
const postgres = databaseArg > 0 ? await scratchPostgres(process.argv[databaseArg + 1]) : null;
const engineDb = postgres ? openDb(postgres.url) : undefined;
if (engineDb) await migrateDb(engineDb);
const engine = await loadCorpus(corpus, engineDb);
const plain = engineDb ? await loadCorpus(corpus) : engine;
buildPlainFts(plain.db);
const fileOf = (loaded: typeof engine) => (id: string) => loaded.byFileId.get(id)!;
const systems: Record<string, (q: string) => Promise<string[]>> = {
  [`engine${postgres ? " (PostgreSQL)" : ""}`]: async (q) =>
    (await searchFiles(engine.db, engine.workspaceId, { query: q, limit: 10 })).hits.map((h) =>
      fileOf(engine)(h.file.id),
    ),
  "plain FTS5 (the files' own words: baseline)": async (q) =>
    searchPlainFts(plain.db, "plain_own_fts", q, 10).map(fileOf(plain)),
  "plain FTS5 (own words + our generated descriptions)": async (q) =>
    searchPlainFts(plain.db, "plain_fts", q, 10).map(fileOf(plain)),
  "plain FTS5 (name + tags)": async (q) => searchPlainFts(plain.db, "plain_name_fts", q, 10).map(fileOf(plain)),
};

const rows: string[] = [];
for (const [name, run] of Object.entries(systems)) {
  const totals = { all: [0, 0, 0], id: [0, 0, 0], en: [0, 0, 0] };
  for (const [query, lang, grades] of queries) {
    const ranked = await run(query);
    const n = ndcgAt(ranked, grades, 10);
    const r = recallAt(ranked, grades, 5);
    for (const key of ["all", lang] as const) {
      totals[key][0] += n;
      totals[key][1] += r;
      totals[key][2] += 1;
    }
    if (verbose && name.startsWith("engine") && n < 0.8)
      console.log(`${n.toFixed(2)}  ${query}  →  ${ranked.join(" ")}`);
  }
  const f = (t: number[]) => `${(t[0] / t[2]).toFixed(3)} | ${(t[1] / t[2]).toFixed(3)}`;
  rows.push(`| ${name} | ${f(totals.all)} | ${f(totals.id)} | ${f(totals.en)} |`);
}
console.log(
  `Search evaluation: ${corpus.length} files, ${queries.length} queries (${queries.filter((q) => q[1] === "id").length} Indonesian)\n`,
);
console.log("| system | nDCG@10 | recall@5 | nDCG@10 (id) | recall@5 (id) | nDCG@10 (en) | recall@5 (en) |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const row of rows) console.log(row);
if (engineDb) await closeDb(engineDb);
await postgres?.drop();
