#!/usr/bin/env node
// Benchmark: `node dist/cli.mjs analyze FILE --json` against `admesh FILE` on a
// generated 1,000,000-triangle closed binary STL (a torus: 1000 × 500 quads,
// manifold, no poles). Prints a markdown table of median wall time and peak RSS.
// Usage: node bench/mesh.mjs [runs=5]   (run `npm run build:cli` first)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeTorusStl } from "./generate-torus-stl.mjs";

const RUNS = Math.max(5, Number(process.argv[2] ?? 5));
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const cli = path.join(root, "dist/cli.mjs");

const hasGnuTime = fs.existsSync("/usr/bin/time");

/** Runs a command once; returns wall milliseconds and peak RSS in KiB. */
function measure(command, args) {
  const started = process.hrtime.bigint();
  const result = hasGnuTime
    ? spawnSync("/usr/bin/time", ["-f", "%M", command, ...args], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
    : spawnSync(process.execPath, ["-e", rssWrapper, command, ...args], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const milliseconds = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stderr}`);
  const peakKib = Number(result.stderr.trim().split("\n").pop());
  return { milliseconds, peakKib, stdout: result.stdout };
}

// Fallback without GNU time: run the command from a child and report its maxRSS (KiB on Linux).
const rssWrapper = `
const { spawnSync } = require("node:child_process");
const r = spawnSync(process.argv[1], process.argv.slice(2), { stdio: ["ignore", "inherit", "inherit"] });
process.stderr.write("\\n" + process.resourceUsage().maxRSS + "\\n");
process.exit(r.status ?? 1);`;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Runs the commands in turn, RUNS rounds (after one round that warms the page
 * cache): interleaving keeps a drift in the machine's speed out of the ratio.
 */
function runSeries(commands) {
  for (const { command, args } of commands) measure(command, args);
  const runs = commands.map(() => []);
  for (let round = 0; round < RUNS; round++) commands.forEach(({ command, args }, i) => runs[i].push(measure(command, args)));
  return commands.map(({ label }, i) => ({
    label,
    time: median(runs[i].map((r) => r.milliseconds)),
    peakMib: median(runs[i].map((r) => r.peakKib)) / 1024,
    stdout: runs[i][0].stdout,
  }));
}

if (!fs.existsSync(cli)) {
  console.error(`${cli} not found: run \`npm run build:cli\` first.`);
  process.exit(1);
}
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-bench-"));
const file = path.join(directory, "torus-1m.stl");
const fileBytes = writeTorusStl(file);
const fileMib = fileBytes / 1024 / 1024;

try {
  const hasAdmesh = spawnSync("which", ["admesh"]).status === 0;
  const series = runSeries([
    { label: "bengkel (`node dist/cli.mjs analyze FILE --json`)", command: process.execPath, args: [cli, "analyze", file, "--json"] },
    ...(hasAdmesh ? [{ label: "admesh (`admesh FILE`)", command: "admesh", args: [file] }] : []),
  ]);

  const report = JSON.parse(series[0].stdout);
  const geometry = report.geometry ?? report.analysis?.geometry ?? report;
  console.log(`\n1,000,000-triangle binary STL torus, ${fileMib.toFixed(1)} MiB, ${RUNS} runs each, interleaved (median), ${os.cpus().length} CPUs, Node ${process.version}\n`);
  console.log("| tool | median time (ms) | peak RSS (MiB) | peak RSS / file size |");
  console.log("|---|---:|---:|---:|");
  for (const s of series) console.log(`| ${s.label} | ${s.time.toFixed(0)} | ${s.peakMib.toFixed(1)} | ${(s.peakMib / fileMib).toFixed(2)}× |`);
  if (hasAdmesh) console.log(`\nbengkel / admesh time: ${(series[0].time / series[1].time).toFixed(2)}× (target ≤ 0.75×); memory target < 3× file size.`);
  else console.log("\nadmesh not installed: no comparison.");
  console.log(`bengkel result: ${geometry.triangles} triangles, ${geometry.vertices} vertices, volume ${geometry.volume_cm3} cm³, manifold ${geometry.is_manifold}`);
} finally {
  fs.rmSync(directory, { recursive: true, force: true });
}
