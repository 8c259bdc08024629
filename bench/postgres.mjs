#!/usr/bin/env node
// Issue #22 on PostgreSQL: the cached quote's latency and its throughput next to a trivial keyed route (as
// bench/quotes.mjs measures on SQLite), then the cached quote's throughput from one instance and from two behind the
// round-robin proxy (scripts/round-robin-proxy.mjs, its own process). A throw-away cluster from Debian's postgresql,
// s3rver for the blobs, production servers (`npm run build`) on free loopback ports. The CPU each process used
// during a run is printed with it: on a small machine the load generator, the proxy and PostgreSQL share the cores.
// Usage: node bench/postgres.mjs   (or npm run bench -- postgres)
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import S3rver from "s3rver";
import { freePort, startPostgresCluster } from "../scripts/postgres-cluster.mjs";
import { treeCpuSeconds, waitUntilIdle } from "./server.mjs";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 20;
const loadBefore = os.loadavg();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-pg-bench-"));
const children = [];
const cluster = await startPostgresCluster();
const s3 = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory: path.join(dir, "s3"),
  configureBuckets: [{ name: "blobs", configs: [] }],
});
const { port: s3Port } = await s3.run();
const cleanup = () => {
  for (const child of children) child.kill("SIGKILL");
  cluster.stop();
  fs.rmSync(dir, { recursive: true, force: true });
};
process.on("exit", cleanup);

const env = {
  ...process.env,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  DATABASE_URL: cluster.url,
  BLOB_STORE: "s3",
  BLOB_S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
  BLOB_S3_BUCKET: "blobs",
  BLOB_S3_ACCESS_KEY_ID: "S3RVER",
  BLOB_S3_SECRET_ACCESS_KEY: "S3RVER",
  BLOB_S3_FORCE_PATH_STYLE: "true",
  NEXTAUTH_SECRET: "bench-only-secret-shared-by-both-instances",
  WEBHOOK_WORKER: "off",
  DNS_ENABLED: "off",
  SMTP_ENABLED: "off",
  SMTP_SUBMISSION_ENABLED: "off",
  IMAP_ENABLED: "off",
  S3_ENABLED: "off",
  ANALYSIS_WORKERS: "1",
  ANALYSIS_WARM_UP: "off",
  SLICER_ENABLED: "off",
};
const pgClient = new pg.Client({ connectionString: cluster.url });
await pgClient.connect();
const cli = (...args) =>
  JSON.parse(
    execFileSync(process.execPath, ["dist/cli.mjs", ...args, "--json"], {
      env: { ...env, DATA_DIR: path.join(dir, "cli") },
    }).toString() || "{}",
  );
cli("db", "migrate");
const workspace = cli("workspace", "create", "--name", "Bench", "--plan", "team");
const auth = { authorization: `Bearer ${cli("keys", "create", "--workspace", workspace.id).secret}` };

async function startInstance(i) {
  const port = await freePort();
  const child = spawn(process.execPath, ["scripts/server.mjs"], {
    env: { ...env, PORT: String(port), DATA_DIR: path.join(dir, `instance-${i}`) },
    stdio: "ignore", // autocannon ending a run mid-request makes the servers log "aborted"
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (
    let tries = 0;
    !(await fetch(`${base}/login`).then(
      (r) => r.ok,
      () => false,
    ));
    tries++
  ) {
    if (tries > 300) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
  await waitUntilIdle(child.pid);
  return { base, pid: child.pid };
}

/** The proxy in its own process, so it does not share the load generator's thread. */
async function startProxy(backends) {
  const child = spawn(process.execPath, ["scripts/round-robin-proxy.mjs", "0", ...backends.map((b) => b.base)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  const port = await new Promise((resolve) =>
    child.stdout.once("data", (line) => resolve(Number(/listening (\d+)/.exec(String(line))[1]))),
  );
  return { base: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill("SIGTERM") };
}

const quoteRequest = {
  method: "POST",
  headers: { ...auth, "content-type": "application/json" },
  body: '{"infill":20}',
};
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** CPU seconds a process has used so far (user + system, /proc/<pid>/stat fields 14 and 15). */
function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
/** CPU seconds of PostgreSQL: the postmaster and its backends (a backend that ended meanwhile is not counted). */
const postgresCpuSeconds = () => treeCpuSeconds(cluster.pid());
/** Statements PostgreSQL has committed (each statement outside a transaction is one). */
async function committed() {
  const { rows } = await pgClient.query(
    "SELECT xact_commit::int AS n FROM pg_stat_database WHERE datname = current_database()",
  );
  return rows[0].n;
}
/** Busy CPU seconds of the whole machine, all cores (/proc/stat: everything but idle and iowait). */
function machineBusySeconds() {
  const [, ...ticks] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal; guest time is already counted in user.
  return (ticks.slice(0, 8).reduce((a, b) => a + b, 0) - ticks[3] - ticks[4]) / 100;
}

/** autocannon's mean req/s, plus the CPU seconds per second each named process used meanwhile. */
async function throughput(url, init, processes = {}) {
  const before = {
    self: process.cpuUsage(),
    machine: machineBusySeconds(),
    pg: postgresCpuSeconds(),
    xacts: await committed(),
  };
  const pids = Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, cpuSeconds(pid)]));
  const started = performance.now();
  const rps = await new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...init }, (error, result) =>
      error
        ? reject(error)
        : resolve(result.non2xx ? reject(new Error(`${result.non2xx} non-2xx`)) : result.requests.average),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const self = process.cpuUsage(before.self);
  const cores = {
    "load generator": (self.user + self.system) / 1e6 / seconds,
    ...Object.fromEntries(
      Object.entries(pids).map(([name, cpu]) => [name, (cpuSeconds(processes[name]) - cpu) / seconds]),
    ),
    PostgreSQL: (postgresCpuSeconds() - before.pg) / seconds,
  };
  const machine = (machineBusySeconds() - before.machine) / seconds;
  // pg_stat_database lags up to half a second behind the backends.
  await new Promise((r) => setTimeout(r, 1_000));
  const xacts = (await committed()) - before.xacts;
  const named = Object.values(cores).reduce((a, b) => a + b, 0);
  const split = [...Object.entries(cores), ["the rest of the machine", machine - named]]
    .map(([name, c]) => `${name} ${c.toFixed(2)}`)
    .join(", ");
  return {
    rps,
    perRequest: xacts / (rps * seconds),
    cpu: `machine ${machine.toFixed(2)} of ${os.cpus().length} cores: ${split}`,
  };
}

const one = await startInstance(1);
const form = new FormData();
form.append("file", new Blob([fs.readFileSync(new URL("./fixtures/box-40x30x20.stl", import.meta.url))]), "box.stl");
const uploaded = await fetch(`${one.base}/v1/files`, { method: "POST", headers: auth, body: form });
if (uploaded.status !== 201) throw new Error(`upload ${uploaded.status}: ${await uploaded.text()}`);
const quotePath = `/v1/files/${(await uploaded.json()).data.file.id}/quote/3dprint`;
const times = [];
for (let i = 0; i < 550; i++) {
  const t = performance.now();
  const res = await fetch(`${one.base}${quotePath}`, quoteRequest);
  await res.arrayBuffer();
  if (i >= 50) times.push(performance.now() - t); // the first fills the cache, the next 49 warm up
}
times.sort((a, b) => a - b);

const direct = await throughput(`${one.base}${quotePath}`, quoteRequest, { instance: one.pid });
const trivial = await throughput(`${one.base}/v1/files?limit=1`, { headers: auth }, { instance: one.pid });
const two = await startInstance(2);
const proxyOne = await startProxy([one]);
const viaProxyOne = await throughput(`${proxyOne.base}${quotePath}`, quoteRequest, {
  "instance 1": one.pid,
  proxy: proxyOne.pid,
});
proxyOne.stop();
const proxyTwo = await startProxy([one, two]);
const viaProxyTwo = await throughput(`${proxyTwo.base}${quotePath}`, quoteRequest, {
  "instance 1": one.pid,
  "instance 2": two.pid,
  proxy: proxyTwo.pid,
});
proxyTwo.stop();

const ms = (v) => `${v.toFixed(2)} ms`;
const rps = (r) => `${r.rps.toFixed(0)} req/s`;
console.log(`Load average before: ${loadBefore.map((l) => l.toFixed(2)).join(" ")}; ${os.cpus().length} cores; ${CONNECTIONS} connections, ${DURATION_S} s per run

| measure | result | target |
|---|---:|---:|
| cached quote latency p50 (concurrency 1, 500 requests) | ${ms(percentile(times, 50))} | ≤ 5 ms |
| cached quote latency p99 | ${ms(percentile(times, 99))} | |
| cached quote throughput, one instance | ${rps(direct)} | ≥ 80 % of the trivial route |
| trivial keyed route \`GET /v1/files?limit=1\`, one instance | ${rps(trivial)} | |
| ratio | ${((direct.rps / trivial.rps) * 100).toFixed(0)} % | ≥ 80 % |
| cached quote throughput, one instance behind the proxy | ${rps(viaProxyOne)} | |
| cached quote throughput, two instances behind the proxy | ${rps(viaProxyTwo)} | |
| two instances ÷ one (both behind the proxy) | ${(viaProxyTwo.rps / viaProxyOne.rps).toFixed(2)}× | ≥ 1.6× |
| PostgreSQL statements per cached quote / per trivial request | ${direct.perRequest.toFixed(1)} / ${trivial.perRequest.toFixed(1)} | |

CPU cores used during each run (CPU seconds per second):
- quote, one instance: ${direct.cpu}
- trivial route, one instance: ${trivial.cpu}
- quote, one instance behind the proxy: ${viaProxyOne.cpu}
- quote, two instances behind the proxy: ${viaProxyTwo.cpu}`);
await pgClient.end();
await s3.close();
process.exit(0);
