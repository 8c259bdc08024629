#!/usr/bin/env node
// Benchmark (issue #15): the instant 3D-print estimate where users meet it, over HTTP on the production server,
// side by side with the real slicer on the same file and profile. The server runs with background slicing off, so
// the first quote of the 1M-triangle torus slices it (layer estimator, in an analysis child) and the time is
// the estimate's own; then `prusa-slicer --export-gcode` with the same profile (eval/quotes/profile.ini, which
// is the built-in fdm profile: lib/print-estimate/profile-settings.test.ts) on the same STL.
// Usage: node bench/estimate.mjs   (needs `npm run build` and Debian's prusa-slicer)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeTorusStl } from "./generate-torus-stl.mjs";
import { startBenchServer } from "./server.mjs";

process.env.PRINT_ESTIMATE_ON_UPLOAD = "off";
process.env.SLICER_ENABLED = "off";
const {
  base: BASE,
  auth,
  stop,
} = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 3312), plan: "team" });
// Outside the server's data folder, which stop() removes before the slicer runs.
const work = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-estimate-"));
const torusFile = path.join(work, "torus-1m.stl");
writeTorusStl(torusFile);
const bytes = fs.readFileSync(torusFile);

const form = new FormData();
form.append("file", new Blob([bytes]), "torus-1m.stl");
const uploaded = await fetch(`${BASE}/v1/files`, { method: "POST", headers: auth, body: form });
if (uploaded.status !== 201) throw new Error(`upload ${uploaded.status}`);
const id = (await uploaded.json()).data.file.id;

const quote = async (infill) => {
  const started = performance.now();
  const res = await fetch(`${BASE}/v1/files/${id}/quote/3dprint`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ infill, materials: ["pla"] }),
  });
  const body = await res.json();
  return { ms: performance.now() - started, data: body.data };
};
const first = await quote(20);
if (first.data.estimate.fdm.method !== "layers")
  throw new Error(`expected the layer estimate, got ${first.data.estimate.fdm.method}`);
const otherInfill = await quote(35);
stop();

const profile = path.resolve("eval/quotes/profile.ini");
const gcode = path.join(work, "torus.gcode");
const slicerStarted = performance.now();
execFileSync("/usr/bin/prusa-slicer", ["--export-gcode", "--load", profile, "-o", gcode, torusFile], {
  stdio: "ignore",
});
const slicerMs = performance.now() - slicerStarted;
const summary = fs
  .readFileSync(gcode, "utf8")
  .split("\n")
  .filter((l) => l.startsWith("; filament used [g]") || l.startsWith("; estimated printing time (normal mode)"));
fs.rmSync(work, { recursive: true, force: true });

const pla = first.data.quotes[0];
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
console.log(`| 1M-triangle torus (${(bytes.length / 1e6).toFixed(0)} MB STL), PLA 20 % | time | result | target |
|---|---:|---|---:|
| first quote over HTTP: layer estimate (slices in an analysis child) | ${s(first.ms)} | ${pla.weight_g} g, ${pla.print_time_min} min | ≤ 1 s |
| next quote at another infill (estimate reused, no slicing) | ${otherInfill.ms.toFixed(1)} ms | ${otherInfill.data.quotes[0].weight_g} g | |
| \`prusa-slicer --export-gcode\`, same file and profile | ${s(slicerMs)} | ${summary.map((l) => l.split("= ")[1]).join(", ")} | |
| slicer ÷ estimate | ${(slicerMs / first.ms).toFixed(0)}× | | ≥ 30× |`);
process.exit(0);
