#!/usr/bin/env node
// Where users meet the engines: over HTTP on the production server (npm start), upload + first quote of
// the 50,000-circle DXF next to `ezdxf.readfile` and of the 1M-triangle binary STL next to `admesh`, the
// two sides alternating round by round in one run; then the longest wait of a trivial keyed GET while two
// such uploads are analysed at once (issue #14's "never waits more than 100 ms").
// Usage: node bench/uploads.mjs [rounds=5]   (needs `npm run build`, /usr/bin/python3 with ezdxf, admesh)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { writeCircleSheet } from "./generate-circle-sheet.mjs";
import { writeTorusStl } from "./generate-torus-stl.mjs";
import { startBenchServer } from "./server.mjs";

const ROUNDS = Math.max(3, Number(process.argv[2] ?? 5));
const {
  base: BASE,
  dir,
  auth,
  stop,
} = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 3312), plan: "team" });

const sheet = path.join(dir, "sheet.dxf");
const torus = path.join(dir, "torus-1m.stl");
writeCircleSheet(sheet);
writeTorusStl(torus);
// Both files are read from the page cache by every side.
const sheetBytes = fs.readFileSync(sheet);
const torusBytes = fs.readFileSync(torus);

async function uploadAndQuote(bytes, name, kind) {
  const form = new FormData();
  form.append("file", new Blob([bytes]), name);
  const started = performance.now();
  const res = await fetch(`${BASE}/v1/files`, { method: "POST", headers: auth, body: form });
  if (res.status !== 201) throw new Error(`upload ${res.status}: ${await res.text()}`);
  const id = (await res.json()).data.file.id;
  const quote = await fetch(`${BASE}/v1/files/${id}/quote/${kind}`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: "{}",
  });
  if (quote.status !== 200) throw new Error(`quote ${quote.status}: ${await quote.text()}`);
  await quote.arrayBuffer();
  return performance.now() - started;
}

function timeProcess(cmd, args) {
  const started = performance.now();
  const run = spawnSync(cmd, args, { stdio: ["ignore", "ignore", "pipe"] });
  if (run.status !== 0) throw new Error(`${cmd} failed: ${run.stderr}`);
  return performance.now() - started;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// One warm-up of each (the server's first request loads route code).
await uploadAndQuote(sheetBytes, "warm.dxf", "laser");
await uploadAndQuote(torusBytes, "warm.stl", "3dprint");

const laser = { ours: [], ref: [] };
const mesh = { ours: [], ref: [] };
for (let round = 0; round < ROUNDS; round++) {
  laser.ours.push(await uploadAndQuote(sheetBytes, `sheet-${round}.dxf`, "laser"));
  laser.ref.push(timeProcess("/usr/bin/python3", ["-c", "import ezdxf,sys; ezdxf.readfile(sys.argv[1])", sheet]));
  mesh.ours.push(await uploadAndQuote(torusBytes, `torus-${round}.stl`, "3dprint"));
  mesh.ref.push(timeProcess("admesh", [torus]));
}

// A trivial keyed GET, back to back, while two uploads are analysed at once. The prober is a thread of its own,
// so what it measures is the server, not this process building and sending the uploads.
const PROBER = `
const { parentPort, workerData } = require("node:worker_threads");
let stop = false;
parentPort.once("message", () => (stop = true));
(async () => {
  const waits = [];
  while (!stop) {
    const started = performance.now();
    await (await fetch(workerData.url, { headers: workerData.headers })).arrayBuffer();
    waits.push(performance.now() - started);
  }
  parentPort.postMessage(waits);
})();`;

async function longestWait(uploads) {
  const prober = new Worker(PROBER, { eval: true, workerData: { url: `${BASE}/v1/workspace`, headers: auth } });
  await new Promise((resolve) => setTimeout(resolve, 200)); // the prober's first requests are its own warm-up
  await Promise.all(uploads());
  const waits = await new Promise((resolve) => {
    prober.once("message", resolve);
    prober.postMessage("stop");
  });
  await prober.terminate();
  return { max: Math.max(...waits), p50: median(waits), n: waits.length };
}
const stallMesh = await longestWait(() => [
  uploadAndQuote(torusBytes, "a.stl", "3dprint"),
  uploadAndQuote(torusBytes, "b.stl", "3dprint"),
]);
const stallLaser = await longestWait(() => [
  uploadAndQuote(sheetBytes, "a.dxf", "laser"),
  uploadAndQuote(sheetBytes, "b.dxf", "laser"),
]);
stop();

const row = (label, xs) =>
  `| ${label} | ${median(xs).toFixed(0)} | ${Math.min(...xs).toFixed(0)} | ${Math.max(...xs).toFixed(0)} |`;
console.log(
  `${ROUNDS} rounds, sides alternating; ${(sheetBytes.length / 1e6).toFixed(1)} MB DXF, ${(torusBytes.length / 1048576).toFixed(1)} MiB STL\n`,
);
console.log("| measure | median ms | min ms | max ms |\n|---|---:|---:|---:|");
console.log(row("50,000-circle DXF: upload + first laser quote over HTTP", laser.ours));
console.log(row("python3 ezdxf.readfile(sheet.dxf)", laser.ref));
console.log(row("1M-triangle STL: upload + first 3D quote over HTTP", mesh.ours));
console.log(row("admesh torus-1m.stl", mesh.ref));
console.log(
  `\nDXF ratio ${(median(laser.ours) / median(laser.ref)).toFixed(2)}× ezdxf (target ≤ 0.12×); STL ratio ${(median(mesh.ours) / median(mesh.ref)).toFixed(2)}× admesh (target ≤ 1.2×)`,
);
console.log(
  `\n| two uploads analysed at once | GETs | p50 wait ms | longest wait ms (target ≤ 100) |\n|---|---:|---:|---:|`,
);
console.log(`| 2 × 1M-triangle STL | ${stallMesh.n} | ${stallMesh.p50.toFixed(1)} | ${stallMesh.max.toFixed(1)} |`);
console.log(
  `| 2 × 50,000-circle DXF | ${stallLaser.n} | ${stallLaser.p50.toFixed(1)} | ${stallLaser.max.toFixed(1)} |`,
);
process.exit(0);
