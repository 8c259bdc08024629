#!/usr/bin/env node
// Benchmark of the embeddable viewer against the production server (`next start`) on loopback, for a 1M-triangle
// STL: display-mesh bytes vs STL bytes, and time to the first rendered frame of `/embed/<token>` in headless
// Chromium next to Online3DViewer's engine (npm `online-3d-viewer`, served from node_modules by a local static
// server) loading the raw STL in the same browser. Fresh browser context per run (no HTTP cache).
// Usage: node bench/viewer.mjs [runs]   (needs `npm run build`)
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { chromium } from "@playwright/test";
import { writeTorusStl } from "./generate-torus-stl.mjs";
import { startBenchServer } from "./server.mjs";

const RUNS = Number(process.argv[2] ?? 5);
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
  "--no-first-run",
];
const {
  base: BASE,
  dir,
  auth,
  stop,
} = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 3312), plan: "pro" });
let host;
process.on("exit", () => {
  stop();
  host?.close();
});

const stlFile = path.join(dir, "torus.stl");
const stlBytes = writeTorusStl(stlFile);

/** The comparison page: Online3DViewer's embedded viewer on the raw STL, all from this one local server. */
const O3DV_JS = fs.readFileSync("node_modules/online-3d-viewer/build/engine/o3dv.min.js");
const O3DV_PAGE = `<!doctype html><html><body style="margin:0"><div id="v" style="width:800px;height:600px"></div>
<script src="/o3dv.min.js"></script><script>
const viewer = new OV.EmbeddedViewer(document.getElementById("v"), {
  backgroundColor: new OV.RGBAColor(245, 245, 244, 255),
  onModelLoaded: () => { window.__viewerFirstFrame = performance.now(); },
  onModelLoadFailed: () => { window.__viewerFailed = true; },
});
viewer.LoadModelFromUrlList(["/torus.stl"]);
</script></body></html>`;
host = http.createServer((req, res) => {
  if (req.url === "/o3dv.min.js") return res.writeHead(200, { "content-type": "text/javascript" }).end(O3DV_JS);
  if (req.url === "/torus.stl")
    return res
      .writeHead(200, { "content-type": "application/octet-stream", "content-length": stlBytes })
      .end(fs.readFileSync(stlFile));
  res.writeHead(200, { "content-type": "text/html" }).end(O3DV_PAGE);
});
await new Promise((resolve) => host.listen(0, "127.0.0.1", resolve));
const O3DV_URL = `http://127.0.0.1:${host.address().port}/`;

const form = new FormData();
form.append("file", new Blob([fs.readFileSync(stlFile)]), "torus.stl");
const uploaded = await fetch(`${BASE}/v1/files`, { method: "POST", headers: auth, body: form });
if (uploaded.status !== 201) throw new Error(`upload ${uploaded.status}: ${await uploaded.text()}`);
const fileId = (await uploaded.json()).data.file.id;
// Creating the link starts the conversion; the display asset is ready when it finishes.
const t = performance.now();
const link = (await (await fetch(`${BASE}/v1/files/${fileId}/viewer`, { headers: auth })).json()).data;
const display = await fetch(`${BASE}/embed-assets/${link.token}/display`);
const displayBytes = (await display.arrayBuffer()).byteLength;
const convertMs = performance.now() - t;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: CHROMIUM_ARGS,
});
async function firstFrame(url) {
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => window.__viewerFirstFrame || window.__viewerFailed, null, {
    timeout: 180_000,
    polling: 50,
  });
  const ms = await page.evaluate(() => window.__viewerFirstFrame ?? NaN);
  await context.close();
  return ms;
}

/** The JavaScript the embed page loads (every script resource), raw and gzipped (level 9), in bytes. */
async function embedScripts(url) {
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => window.__viewerFirstFrame, null, { timeout: 180_000 });
  const urls = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((e) => e.initiatorType === "script" || e.name.endsWith(".js"))
      .map((e) => e.name),
  );
  await context.close();
  let raw = 0;
  let gzip = 0;
  for (const src of new Set(urls)) {
    const bytes = Buffer.from(await (await fetch(src)).arrayBuffer());
    raw += bytes.length;
    gzip += zlib.gzipSync(bytes, { level: 9 }).length;
  }
  return { files: new Set(urls).size, raw, gzip };
}

const ours = [];
const theirs = [];
await firstFrame(link.embed_url); // warm the server's page and chunk compilation caches
for (let i = 0; i < RUNS; i++) {
  ours.push(await firstFrame(link.embed_url));
  theirs.push(await firstFrame(O3DV_URL));
}
const scripts = await embedScripts(link.embed_url);
await browser.close();

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms) => `${Math.round(ms)} ms`;
console.log(
  `1M-triangle torus STL, ${RUNS} runs each, headless Chromium (SwiftShader), 800×600, ${os.cpus().length} cores\n`,
);
console.log("| measure | value |\n| --- | --- |");
console.log(`| STL bytes | ${stlBytes.toLocaleString("en-US")} |`);
console.log(
  `| display mesh (meshopt GLB) bytes | ${displayBytes.toLocaleString("en-US")} (${((100 * displayBytes) / stlBytes).toFixed(1)}% of the STL) |`,
);
console.log(`| link created → display mesh downloaded (server parse + GLB, once per version) | ${fmt(convertMs)} |`);
console.log(`| first frame, Bengkel embed (median; runs) | ${fmt(median(ours))} (${ours.map(fmt).join(", ")}) |`);
console.log(
  `| first frame, Online3DViewer on the raw STL (median; runs) | ${fmt(median(theirs))} (${theirs.map(fmt).join(", ")}) |`,
);
console.log(`| ratio (Bengkel / Online3DViewer, medians) | ${(median(ours) / median(theirs)).toFixed(2)}× |`);
console.log(
  `| JavaScript the embed page loads (${scripts.files} scripts) | ${(scripts.gzip / 1024).toFixed(1)} KiB gzipped (${(scripts.raw / 1024).toFixed(1)} KiB raw) |`,
);
process.exit(0);
