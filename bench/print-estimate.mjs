#!/usr/bin/env node
// Benchmark (issue #15): the layer estimate of the 1M-triangle torus (50 MB binary STL, 200 layers, written to
// $TMPDIR/torus.stl if missing) with eval/quotes/profile.ini, in process. Each row runs in a fresh process:
// - one thread, cold: slicePrint + estimatePrint, the first run in the process; then planSupports;
// - two threads as the analysis child runs them, after its warm-up (lib/analyze/warm-up.ts) of this thread and of
//   the slicing thread (lib/print-estimate/workers/slice-thread.ts, bundled as scripts/build-cli.mjs does):
//   slicePrintInParallel + estimatePrint; and measurePrintOnTwoThreads (the supports plan alongside: what the child
//   runs for a first quote) + estimatePrint.
// Prints analysis time (wall, and CPU of all threads, steadier on a shared machine) and memory: the process's peak
// RSS, and what the analysis adds to it over the RSS with the mesh parsed (with two threads: parsed after the
// warm-up, as in a child that was idle; what the thread and the warm-up took before is printed too). `--slicer` also times `prusa-slicer --export-gcode` on the same file
// and profile, side by side.
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
  const mb = Math.round(fs.statSync(file).size / 1e6);
  console.log(`| torus (1M triangles, ${mb} MB) | analysis time | CPU | peak RSS | added by the analysis |`);
  console.log("|---|---|---|---|---|");
  for (const m of ["one-thread", "two-threads", "two-threads-supports"]) {
    const child = fork(new URL(import.meta.url).pathname, [`--mode=${m}`], { stdio: "inherit" });
    await new Promise((resolve) => child.on("exit", resolve));
  }
  if (process.argv.includes("--slicer")) {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-bench-slicer-"));
    const started = performance.now();
    const args = ["--export-gcode", "--load", profileFile, "-o", path.join(work, "t.gcode"), file];
    execFileSync("/usr/bin/prusa-slicer", args, { stdio: "ignore" });
    const seconds = (performance.now() - started) / 1000;
    fs.rmSync(work, { recursive: true, force: true });
    console.log(`| \`prusa-slicer --export-gcode\`, same file and profile | ${seconds.toFixed(2)} s | | | |`);
  }
  process.exit(0);
}

/** The torus read the way the app reads uploads (welded indexed mesh); not part of the timed analysis. */
async function readTorus() {
  const bytes = fs.readFileSync(file);
  return parseMesh(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), "torus.stl");
}
const ini = fs.readFileSync(profileFile, "utf8");
const profile = profileFromPrusaConfig(ini);
const rssMiB = () => process.memoryUsage().rss / 2 ** 20;

/** Times `run` (wall and CPU of all threads) and prints a row. */
async function row(label, rssBefore, run) {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const note = await run();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const peak = process.resourceUsage().maxRSS / 1024;
  console.log(
    `| ${label} (${note}) | ${seconds.toFixed(2)} s | ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s ` +
      `| ${peak.toFixed(0)} MiB | ${(peak - rssBefore).toFixed(0)} MiB |`,
  );
}

if (mode === "one-thread") {
  const mesh = await readTorus();
  const rss = rssMiB();
  await row("one thread, cold: slicePrint + estimatePrint", rss, () => {
    return `${estimatePrint(slicePrint(mesh, profile), profile).layers} layers`;
  });
  await row("+ planSupports", rss, () => `${planSupports(mesh, profile).overhangArea.toFixed(0)} mm² of overhangs`);
  process.exit(0);
}

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
// As in the analysis child: the threads warm up while it is idle, then an upload is read and measured.
const fresh = rssMiB();
const thread = new Worker(workerFile);
await warmUpPrintEstimate(() => false, thread);
const warmed = rssMiB();
const mesh = await readTorus();
const rss = rssMiB();
if (mode === "two-threads") {
  await row("two threads, warmed up: slicePrintInParallel + estimatePrint", rss, async () => {
    return `${estimatePrint(await slicePrintInParallel(mesh, profile, thread), profile).layers} layers`;
  });
} else {
  // The settings as the app keeps them: the profile's INI keys and values.
  const settings = Object.fromEntries(parseIni(ini));
  await row("two threads, warmed up: measurePrintOnTwoThreads + estimatePrint", rss, async () => {
    const basis = await measurePrintOnTwoThreads(mesh, "fdm", settings, thread);
    return `${estimatePrint(basis.summary, profile).layers} layers, supports planned alongside`;
  });
}
console.log(`| (the slicing thread and the warm-up, before the upload: +${(warmed - fresh).toFixed(0)} MiB) | | | | |`);
await thread.terminate();
fs.rmSync(dir, { recursive: true, force: true });
