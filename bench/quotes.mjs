#!/usr/bin/env node
// Benchmark of the quote path against the production server (`next start`) on loopback:
// cached quote latency (p50/p99, concurrency 1), cached-quote throughput next to a trivial keyed
// route at concurrency 20 (autocannon), and the uncached end-to-end time for a 1M-triangle STL.
// Usage: node bench/quotes.mjs   (needs `npm run build`)
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { writeTorusStl } from "./generate-torus-stl.mjs";
import { startBenchServer } from "./server.mjs";

const {
  base: BASE,
  dir,
  auth,
  stop,
} = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 3311), plan: "team" });

async function upload(bytes, name) {
  const form = new FormData();
  form.append("file", new Blob([bytes]), name);
  const res = await fetch(`${BASE}/v1/files`, { method: "POST", headers: auth, body: form });
  if (res.status !== 201) throw new Error(`upload ${res.status}: ${await res.text()}`);
  return (await res.json()).data.file.id;
}

const quote = (id) =>
  fetch(`${BASE}/v1/files/${id}/quote/3dprint`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: '{"infill":20}',
  });

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function latency(id, n) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await quote(id);
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}

function throughput(url, init) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: 20, duration: 10, ...init }, (error, result) =>
      error ? reject(error) : resolve(result.requests.average),
    ),
  );
}

const box = fs.readFileSync(new URL("./fixtures/box-40x30x20.stl", import.meta.url));
const boxId = await upload(box, "box.stl");
await (await quote(boxId)).arrayBuffer(); // fill the cache
await latency(boxId, 50); // warm-up
const times = await latency(boxId, 500);

const quoteRps = await throughput(`${BASE}/v1/files/${boxId}/quote/3dprint`, {
  method: "POST",
  headers: { ...auth, "content-type": "application/json" },
  body: '{"infill":20}',
});
const listRps = await throughput(`${BASE}/v1/files?limit=1`, { headers: auth });

const torusFile = path.join(dir, "torus-1m.stl");
writeTorusStl(torusFile);
const torus = fs.readFileSync(torusFile);
const started = performance.now();
const torusId = await upload(torus, "torus-1m.stl");
const uploaded = performance.now();
const first = await quote(torusId);
const firstBody = await first.json();
const finished = performance.now();
if (!firstBody.success || firstBody.data.cached) throw new Error("expected an uncached quote");

stop();
const ms = (v) => `${v.toFixed(2)} ms`;
console.log(`| measure | result | target |
|---|---:|---:|
| cached quote latency p50 (concurrency 1, 500 requests) | ${ms(percentile(times, 50))} | ≤ 5 ms |
| cached quote latency p99 | ${ms(percentile(times, 99))} | |
| cached quote throughput (20 connections, 10 s) | ${quoteRps.toFixed(0)} req/s | ≥ 80 % of the trivial route |
| trivial keyed route \`GET /v1/files?limit=1\` (same) | ${listRps.toFixed(0)} req/s | |
| ratio | ${((quoteRps / listRps) * 100).toFixed(0)} % | ≥ 80 % |
| uncached 1M-triangle STL: upload + analysis (${(torus.length / 1048576).toFixed(1)} MiB) | ${ms(uploaded - started)} | |
| uncached 1M-triangle STL: first quote after upload | ${ms(finished - uploaded)} | |
| uncached 1M-triangle STL: end to end | ${ms(finished - started)} | ≤ 1.5 s |`);
process.exit(0);
