#!/usr/bin/env node
// Benchmark (issue #15): slicePrint + estimatePrint on the 1M-triangle torus (50 MB binary STL,
// 200 layers, written to $TMPDIR/torus.stl if missing) with eval/quotes/profile.ini. Prints analysis time (wall and
// CPU; CPU is steadier on a shared machine) and memory: the process's peak RSS, and what the analysis adds to it over
// the RSS with the file read and the mesh parsed (the "≤ 4× the file size" is judged on the latter; parsing
// peaks below it). The time is the first run in the process (cold, as a request sees it).
// Usage: npx tsx bench/print-estimate.mjs
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseMesh } from "../lib/geometry/index.ts";
import { estimatePrint, planSupports, profileFromPrusaConfig, slicePrint } from "../lib/print-estimate/index.ts";
import { writeTorusStl } from "./generate-torus-stl.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const file = path.join(os.tmpdir(), "torus.stl");
if (!fs.existsSync(file)) writeTorusStl(file);
const bytes = fs.readFileSync(file);

// Read the way the app reads uploads (welded indexed mesh); not part of the timed analysis.
const mesh = await parseMesh(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), "torus.stl");
const profile = profileFromPrusaConfig(fs.readFileSync(path.join(root, "eval/quotes/profile.ini"), "utf8"));

const rssBefore = process.memoryUsage().rss / 2 ** 20;
const cpuBefore = process.cpuUsage();
const started = performance.now();
const estimate = estimatePrint(slicePrint(mesh, profile), profile);
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const peakMiB = process.resourceUsage().maxRSS / 1024;
console.log(
  "| torus (1M triangles, %d MB) | analysis time | CPU | peak RSS | added by the analysis |",
  Math.round(bytes.length / 1e6),
);
console.log("|---|---|---|---|---|");
console.log(
  `| slicePrint + estimatePrint (${estimate.layers} layers) | ${seconds.toFixed(2)} s | ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s ` +
    `| ${peakMiB.toFixed(0)} MiB | ${(peakMiB - rssBefore).toFixed(0)} MiB |`,
);

// Automatic supports (issue #15): planned after the analysis above, so its time is the cost supports add.
const supportsStarted = performance.now();
const plan = planSupports(mesh, profile);
const supportsSeconds = (performance.now() - supportsStarted) / 1000;
const peakAfter = process.resourceUsage().maxRSS / 1024;
console.log(
  `| + planSupports (${plan.overhangArea.toFixed(0)} mm² of overhangs) | +${supportsSeconds.toFixed(2)} s | | ${peakAfter.toFixed(0)} MiB | ${(peakAfter - rssBefore).toFixed(0)} MiB |`,
);
