/**
 * Search latency on one workspace of N synthetic files (default 10,000), in a
 * migrated SQLite file like production. Run through bench/search.mjs.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDb } from "@/lib/db/client";
import { searchFiles } from "@/lib/search/search-files";
import { loadCorpus, type CorpusFile } from "./load-corpus";

const COUNT = Number(process.argv[2] ?? 10_000);
const RUNS = Number(process.argv[3] ?? 30);

const PARTS = [
  "braket",
  "bracket",
  "pelat dasar",
  "base plate",
  "roda gigi",
  "gear",
  "poros",
  "shaft",
  "engsel",
  "hinge",
  "flens",
  "flange",
  "dudukan motor",
  "motor mount",
  "klem pipa",
  "pipe clamp",
  "casing",
  "enclosure",
  "spacer",
  "ring plat",
  "washer",
  "handle",
  "gagang",
  "cover",
  "tutup",
  "sprocket",
  "pulley",
  "knob",
  "klip kabel",
  "cable clip",
];
const MATERIALS = [
  "ss304",
  "stainless",
  "mild steel",
  "besi",
  "al5052",
  "aluminium",
  "akrilik",
  "acrylic",
  "galvanized",
  "pla",
  "petg",
  "abs",
  "",
  "",
  "",
];

/** Deterministic pseudo-random numbers, so every run measures the same workspace. */
let seed = 42;
const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];

function syntheticFile(i: number): CorpusFile {
  const laser = rand() < 0.5;
  const name =
    `${pick(PARTS)} ${pick(MATERIALS)} ${laser ? `t${pick([1, 2, 3, 5])}` : ""} rev${i % 7}.${laser ? "dxf" : "stl"}`.replace(
      /\s+/g,
      " ",
    );
  const x = Math.round(10 + rand() * 400);
  const y = Math.round(10 + rand() * 300);
  if (laser) {
    const holes = Math.floor(rand() * 9);
    return {
      id: `s${i}`,
      name,
      laser: [x, y, (x * y * (0.4 + rand() * 0.5)) / 100, holes, 2 * (x + y) + holes * 30],
      hole_d: Array(holes).fill(pick([4, 6, 8, 10, 12])),
    };
  }
  const z = Math.round(2 + rand() * 100);
  const volume = (x * y * z * (0.1 + rand() * 0.8)) / 1000;
  return { id: `s${i}`, name, mesh: [x, y, z, volume, (2 * (x * y + y * z + x * z)) / 100] };
}

const QUERIES = [
  "stainless steel bracket",
  "braket baja tahan karat",
  "roda gigi",
  "gear petg",
  "pelat tebal 3mm",
  "bracket under 50 mm",
  "lebih kecil dari 10 cm",
  "parts heavier than 100 g in PETG",
  "flange with 4 holes",
  "brakcet",
  "dudukan motor aluminium",
  "pelat 200 x 100 dengan lubang 10 mm",
];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-search-bench-"));
try {
  const started = performance.now();
  const { db, workspaceId } = await loadCorpus(
    Array.from({ length: COUNT }, (_, i) => syntheticFile(i)),
    openDb(`file:${path.join(dir, "bench.db")}`),
  );
  const indexSeconds = (performance.now() - started) / 1000;
  const rows: string[] = [];
  const all: number[] = [];
  for (const query of QUERIES) {
    const times: number[] = [];
    let count = 0;
    for (let run = 0; run < RUNS; run++) {
      const t = performance.now();
      count = (await searchFiles(db, workspaceId, { query, limit: 10 })).hits.length;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    rows.push(
      `| ${query} | ${times[Math.floor(RUNS / 2)].toFixed(1)} | ${times[Math.floor(RUNS * 0.95)].toFixed(1)} | ${count} |`,
    );
  }
  all.sort((a, b) => a - b);
  console.log(
    `${COUNT.toLocaleString("en-US")} files indexed in ${indexSeconds.toFixed(1)} s; ${RUNS} runs per query, limit 10\n`,
  );
  console.log("| query | p50 ms | p95 ms | hits |\n| --- | --- | --- | --- |");
  for (const row of rows) console.log(row);
  console.log(
    `| **all queries** | **${all[Math.floor(all.length / 2)].toFixed(1)}** | **${all[Math.floor(all.length * 0.95)].toFixed(1)}** | |`,
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
