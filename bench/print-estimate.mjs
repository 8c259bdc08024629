#!/usr/bin/env node
// Benchmark (issue #15): the layer estimate of the 1M-triangle torus (50 MB binary STL, 200 layers, written to
// $TMPDIR/torus.stl if missing) with eval/quotes/profile.ini, in process. Each row runs in a fresh process:
// - one thread, cold: slicePrint + estimatePrint, the first run in the process;
// - two threads as the analysis child runs them: after its warm-up (lib/analyze/warm-up.ts) of this thread and
//   of the slicing thread (lib/print-estimate/workers/slice-thread.ts, bundled as scripts/build-cli.mjs does),
//   slicePrintInParallel + estimatePrint, then measurePrintOnTwoThreads (the supports plan alongside) + estimatePrint.
// Prints analysis time (wall, and CPU of all threads, steadier on a shared machine) and memory: the process's peak
// RSS, and what the analysis adds to it over the RSS with the mesh parsed (with two threads: before the thread starts). `--slicer` also times
// `prusa-slicer --export-gcode` on the same file and profile, side by side.
// Usage: npx tsx bench/print-estimate.mjs [--slicer]
import { execFileSync, fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { build } from "esbuild";
import { warmUpPrintEstimate } from "../lib/analyze/warm-up.ts";
import { parseMesh } from "../lib/geometry/index.ts";
import { estimatePrint, planSupports, profileFromPrusaConfig, slicePrint } from "../lib/print-estimate/index.ts";
import { measurePrintOnTwoThreads } from "../lib/print-estimate/measure-print.ts";
import { slicePrintInParallel } from "../lib/print-estimate/parallel-slice.ts";
import { parseIni } from "../lib/print-estimate/profile.ts";
import { writeTorusStl } from "./generate-torus-stl.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const profileFile = path.join(root, "eval/quotes/profile.ini");
const file = path.join(os.tmpdir(), "torus.stl");
const mode = process.argv.find((a) => a.startsWith("--mode="))?.slice(7);

if (!mode) {
  if (!fs.existsSync(file)) writeTorusStl(file);
  console.log(
    `| torus (1M triangles, ${Math.round(fs.statSync(file).size / 1e6)} MB) | analysis time | CPU | peak RSS | added by the analysis |`,
  );
  console.log("|---|---|---|---|---|");
  for (const m of ["one-thread", "two-threads"]) {
    const child = fork(new URL(import.meta.url).pathname, [`--mode=${m}`], { stdio: "inherit" });
    await new Promise((resolve) => child.on("exit", resolve));
  }
  if (process.argv.includes("--slicer")) {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-bench-slicer-"));
    const cpu = process.resourceUsage();
    const started = performance.now();
    execFileSync(
      "/usr/bin/prusa-slicer",
      ["--export-gcode", "--load", profileFile, "-o", path.join(work, "t.gcode"), file],
      {
        stdio: "ignore",
      },
    );
    const seconds = (performance.now() - started) / 1000;
    const after = process.resourceUsage();
    fs.rmSync(work, { recursive: true, force: true });
    // A child's CPU counts in this process's resource usage once it has been waited for.
    const slicerCpu = (after.userCPUTime + after.systemCPUTime - cpu.userCPUTime - cpu.systemCPUTime) / 1e6;
    console.log(
      `| \`prusa-slicer --export-gcode\`, same file and profile | ${seconds.toFixed(2)} s | ${slicerCpu.toFixed(2)} s | | |`,
    );
  }
  process.exit(0);
}

const bytes = fs.readFileSync(file);
// Read the way the app reads uploads (welded indexed mesh); not part of the timed analysis.
const mesh = await parseMesh(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), "torus.stl");
const ini = fs.readFileSync(profileFile, "utf8");
const profile = profileFromPrusaConfig(ini);
const mib = (kib) => kib / 1024;

/** Times `run` (wall and CPU of all threads) and prints a row. */
async function row(label, rssBefore, run) {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const note = await run();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const peak = mib(process.resourceUsage().maxRSS);
  console.log(
    `| ${label}${note ? ` (${note})` : ""} | ${seconds.toFixed(2)} s | ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s ` +
      `| ${peak.toFixed(0)} MiB | ${(peak - rssBefore).toFixed(0)} MiB |`,
  );
}

if (mode === "one-thread") {
  const rss = process.memoryUsage().rss / 2 ** 20;
  await row(
    "one thread, cold: slicePrint + estimatePrint",
    rss,
    () => `${estimatePrint(slicePrint(mesh, profile), profile).layers} layers`,
  );
  await row("+ planSupports", rss, () => `${planSupports(mesh, profile).overhangArea.toFixed(0)} mm² of overhangs`);
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-bench-slice-thread-"));
  const workerFile = path.join(dir, "slice-thread.cjs");
  await build({
    entryPoints: [path.join(root, "lib/print-estimate/workers/slice-thread.ts")],
    outfile: workerFile,
    bundle: true,
    format: "cjs",
    platform: "node",
    alias: { "@": root },
    logLevel: "warning",
  });
  // Memory added counts the thread and what the warm-up leaves, as in the analysis child.
  const rss = process.memoryUsage().rss / 2 ** 20;
  const thread = new Worker(workerFile);
  await warmUpPrintEstimate(() => false, thread);
  await row(
    "two threads, warmed up: slicePrintInParallel + estimatePrint",
    rss,
    async () => `${estimatePrint(await slicePrintInParallel(mesh, profile, thread), profile).layers} layers`,
  );
  // The settings as the app keeps them: the profile's INI keys and values.
  const settings = Object.fromEntries(parseIni(ini));
  await row("two threads, next run: measurePrintOnTwoThreads (supports alongside) + estimatePrint", rss, async () => {
    const basis = await measurePrintOnTwoThreads(mesh, "fdm", settings, thread);
    return `${estimatePrint(basis.summary, profile).layers} layers`;
  });
  await thread.terminate();
  fs.rmSync(dir, { recursive: true, force: true });
}
