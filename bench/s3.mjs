#!/usr/bin/env node
// The S3 endpoint against the disk: `aws s3 cp` (and rclone, curl) of a 1 GiB file up and down over loopback next to
// `cp` of the same file on the same disk, and the endpoint's resident memory sampled throughout (it must stay flat:
// bytes stream). Every client also runs against an "ideal server" (bench/s3-ideal-server.mjs: no checks, uploads
// discarded, the file served from disk) in the same round: the most that client can reach on this machine.
// Both servers run alone in their own processes (the endpoint bundled here, no Next.js build needed).
// Usage: node bench/s3.mjs [size_mib=1024] [rounds=3] [--crt]
// --crt (root only) adds the aws CLI's CRT transfer client, which in awscli 2.9 ignores the endpoint's port and
// dials 80: the two servers then listen on 127.0.0.3:80 and 127.0.0.2:80 instead of free ports on 127.0.0.1.
import { execFile, spawn } from "node:child_process";
import { promisify } from "node:util";
import { createHash, randomFillSync } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";

const SIZE_MIB = Number(process.argv[2] ?? 1024);
const ROUNDS = Number(process.argv[3] ?? 3);
const CRT = process.argv.includes("--crt");
const [bengkelHost, idealHost, port] = CRT ? ["127.0.0.3", "127.0.0.2", "80"] : ["127.0.0.1", "127.0.0.1", "0"];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-s3-bench-"));
const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
process.on("exit", cleanup);

const ENTRY = `
import { openDb } from "@/lib/db/client";
import { createWorkspace } from "@/lib/workspaces/create-workspace";
import { createBucket } from "@/lib/infra/storage/manage-buckets";
import { createStorageCredential } from "@/lib/infra/storage/storage-credentials";
import { startS3Server } from "@/lib/infra/storage/s3/s3-server";
const db = openDb();
const workspace = await createWorkspace(db, { name: "Bench", infraPlan: "planetary" });
await createBucket(db, workspace.id, { name: "bench", region: "sgp1" });
const { row, secret } = await createStorageCredential(db, workspace.id, { name: "bench" });
const [host, port] = process.argv.slice(2);
const server = await startS3Server(db, { host, port: Number(port), region: "us-east-1" });
console.log(JSON.stringify({ port: server.port, accessKeyId: row.accessKeyId, secret }));
`;
await build({
  stdin: { contents: ENTRY, resolveDir: process.cwd(), loader: "ts", sourcefile: "s3-bench-entry.ts" },
  outfile: "dist/s3-bench-server.mjs",
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  alias: { "@": "." },
  external: ["better-sqlite3", "@node-rs/argon2", "occt-import-js", "@mlightcad/libredwg-web"],
  banner: {
    js: [
      'import { createRequire as __bkCreateRequire } from "node:module";',
      'import { fileURLToPath as __bkFileURLToPath } from "node:url";',
      "const require = __bkCreateRequire(import.meta.url);",
      'process.env.BENGKEL_ROOT ??= __bkFileURLToPath(new URL("..", import.meta.url));',
    ].join("\n"),
  },
  logLevel: "warning",
});

/** Starts a server process that prints its JSON details as its first line. */
async function startServer(args, env = process.env) {
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "inherit"] });
  process.on("exit", () => child.kill("SIGTERM"));
  const details = await new Promise((resolve, reject) => {
    child.stdout.once("data", (line) => resolve(JSON.parse(line)));
    child.once("exit", (code) => reject(new Error(`${args[0]} exited with ${code} before it listened`)));
  });
  return { child, ...details };
}
const env = { ...process.env, DATABASE_URL: `file:${path.join(dir, "bench.db")}`, DATA_DIR: path.join(dir, "data") };
const server = await startServer(["dist/s3-bench-server.mjs", bengkelHost, port], env);

const rssMib = () =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.child.pid}/status`, "utf8"))[1]) / 1024;
function sampleRss() {
  const samples = [];
  const timer = setInterval(() => samples.push(rssMib()), 50);
  return () => (clearInterval(timer), samples);
}

const source = path.join(dir, "source.bin");
const chunk = randomFillSync(Buffer.alloc(16 * 1024 * 1024));
const fd = fs.openSync(source, "w");
for (let i = 0; i < SIZE_MIB / 16; i++) fs.writeSync(fd, (chunk.writeUInt32LE(i), chunk)); // no two chunks alike
fs.closeSync(fd);
const sha256 = (file) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");

const sourceSha256 = sha256(source);
const ideal = await startServer(["bench/s3-ideal-server.mjs", source, idealHost, port]);

// Each client gets its own config files; credentials are Bengkel's (the ideal server ignores them).
fs.writeFileSync(
  path.join(dir, "credentials"),
  `[default]\naws_access_key_id = ${server.accessKeyId}\naws_secret_access_key = ${server.secret}\n`,
);
// The aws CLI's documented knob for this case: over http it SHA-256s every payload unless told not to
// (Content-MD5 and TCP still cover the bytes). Larger parts and fewer threads were slower here (docs/benchmarks.md).
const AWS_CONFIGS = {
  default: "",
  tuned: "s3 =\n  payload_signing_enabled = false\n",
  crt: "s3 =\n  preferred_transfer_client = crt\n",
};
for (const [name, extra] of Object.entries(AWS_CONFIGS))
  fs.writeFileSync(path.join(dir, `aws-${name}`), `[default]\nregion = us-east-1\n${extra}`);
const awsEnv = (config) => ({
  PATH: "/usr/bin:/bin",
  HOME: dir,
  AWS_CONFIG_FILE: path.join(dir, `aws-${config}`),
  AWS_SHARED_CREDENTIALS_FILE: path.join(dir, "credentials"),
  AWS_EC2_METADATA_DISABLED: "true",
});
const rcloneConfig = (endpoint) => {
  const file = path.join(dir, `rclone-${endpoint.replace(/\W+/g, "-")}.conf`);
  const lines = ["[s3]", "type = s3", "provider = Other", `access_key_id = ${server.accessKeyId}`];
  lines.push(`secret_access_key = ${server.secret}`, `endpoint = ${endpoint}`, "region = us-east-1", "");
  fs.writeFileSync(file, lines.join("\n"));
  return file;
};

// Asynchronous, so the memory sampler keeps ticking while a transfer runs.
const timed = async (cmd, args, options = {}) => {
  const started = performance.now();
  await promisify(execFile)(cmd, args, { maxBuffer: 1 << 20, ...options });
  return (performance.now() - started) / 1000;
};

/** The transfers one client makes against one endpoint: up (local → key) and down (key → local). */
function clients(endpoint) {
  const aws = (config) => (from, to) =>
    timed("/usr/bin/aws", ["s3", "cp", from, to, "--endpoint-url", endpoint, "--only-show-errors"], {
      env: awsEnv(config),
    });
  const config = rcloneConfig(endpoint);
  // --ignore-times: a later round's upload must not be skipped as unchanged. rclone 1.60 signs payloads over http
  // and has no switch for it; --s3-disable-checksum skips its whole-file MD5 pass before a multipart upload (and
  // the MD5 it stores with the object, which it otherwise checks every download of it against).
  const rclone = (flags) => (from, to) =>
    timed("/usr/bin/rclone", ["--config", config, "copyto", "--ignore-times", from, to, ...flags], {
      env: { PATH: "/usr/bin:/bin", HOME: dir },
    });
  return [
    { name: "aws s3 cp", setting: "defaults", up: aws("default"), down: aws("default") },
    {
      name: "aws s3 cp",
      setting: "payload_signing_enabled = false",
      up: aws("tuned"),
      down: aws("tuned"),
    },
    { name: "rclone copyto", setting: "defaults", up: rclone([]), down: rclone([]), s3: "s3:bench/" },
    {
      name: "rclone copyto",
      setting: "--s3-disable-checksum --s3-chunk-size 64M",
      up: rclone(["--s3-disable-checksum", "--s3-chunk-size", "64M"]),
      // Without its MD5 in the object's metadata rclone cannot check the download, as with the ideal server.
      down: rclone([]),
      s3: "s3:bench/",
    },
    ...(CRT
      ? [{ name: "aws s3 cp", setting: "preferred_transfer_client = crt", up: aws("crt"), down: aws("crt") }]
      : []),
  ].map((client) => ({ s3: "s3://bench/", ...client }));
}

// curl with presigned URLs: a client in C that neither hashes nor splits, so its row is the server's own speed.
const curl = (...args) => timed("curl", ["-sSf", "-o", "/dev/null", ...args]);
const address = (host, { port }) => (CRT ? `http://${host}` : `http://${host}:${port}`);
const bengkelEndpoint = address(bengkelHost, server);
const presigner = new S3Client({
  endpoint: bengkelEndpoint,
  region: "us-east-1",
  forcePathStyle: true,
  credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secret },
});
const presign = (Command, Key) => getSignedUrl(presigner, new Command({ Bucket: "bench", Key }), { expiresIn: 3600 });
const TARGETS = [
  {
    name: "ideal",
    pid: ideal.child.pid,
    endpoint: address(idealHost, ideal),
    url: (key) => `${address(idealHost, ideal)}/bench/${key}`,
  },
  { name: "bengkel", pid: server.child.pid, endpoint: bengkelEndpoint, presign },
];
for (const target of TARGETS) target.clients = clients(target.endpoint);

const times = new Map(); // "target|client|setting|direction" → seconds per round; "…|cpu" the server's CPU seconds
const record = (label, seconds) => times.set(label, [...(times.get(label) ?? []), seconds]);
/** user + system seconds the process has run (/proc/<pid>/stat fields 14 and 15, in clock ticks of 1/100 s). */
const cpuSeconds = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
/** Times one transfer and the CPU the server spent on it. */
async function measure(target, label, transfer) {
  const before = cpuSeconds(target.pid);
  record(label, await transfer());
  record(`${label}|cpu`, cpuSeconds(target.pid) - before);
}
const baseline = rssMib();
let peak = baseline;
for (let round = 0; round < ROUNDS; round++) {
  record("cp", await timed("cp", [source, path.join(dir, "copy.bin")]));
  fs.rmSync(path.join(dir, "copy.bin"));
  for (const target of TARGETS) {
    const stop = target.name === "bengkel" ? sampleRss() : () => [];
    for (const [i, client] of target.clients.entries()) {
      const key = `${client.s3}c${i}.bin`;
      const label = `${target.name}|${client.name}|${client.setting}`;
      await measure(target, `${label}|up`, () => client.up(source, key));
      if (!client.down) continue;
      const down = path.join(dir, "down.bin");
      await measure(target, `${label}|down`, () => client.down(key, down));
      if (round === 0 && sha256(down) !== sourceSha256) throw new Error(`${label}: bytes differ`);
      fs.rmSync(down);
    }
    const put = target.presign ? await target.presign(PutObjectCommand, "curl.bin") : target.url("curl.bin");
    await measure(target, `${target.name}|curl|presigned URL|up`, () => curl("-T", source, put));
    const get = target.presign ? await target.presign(GetObjectCommand, "curl.bin") : target.url("curl.bin");
    await measure(target, `${target.name}|curl|presigned URL|down`, () => curl(get));
    peak = Math.max(peak, ...stop());
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const copy = median(times.get("cp"));
const cell = (label) => {
  const seconds = times.get(label);
  if (!seconds) return "–";
  const s = median(seconds);
  const cpu = median(times.get(`${label}|cpu`));
  return `${(SIZE_MIB / s).toFixed(0)} (${((copy / s) * 100).toFixed(0)} %), ${cpu.toFixed(2)} s`;
};
console.log(`cp on the same disk: ${copy.toFixed(2)} s, ${(SIZE_MIB / copy).toFixed(0)} MiB/s (median of ${ROUNDS})\n`);
console.log(
  `| ${SIZE_MIB} MiB: MiB/s (of cp), server CPU s; median of ${ROUNDS} | up, ideal | up, Bengkel | down, ideal | down, Bengkel |`,
);
console.log("|---|---:|---:|---:|---:|");
const rows = [...TARGETS[1].clients, { name: "curl", setting: "presigned URL" }];
for (const { name, setting } of rows) {
  const at = (target, direction) => cell(`${target}|${name}|${setting}|${direction}`);
  console.log(
    `| \`${name}\`, ${setting} | ${at("ideal", "up")} | ${at("bengkel", "up")} | ${at("ideal", "down")} | ${at("bengkel", "down")} |`,
  );
}
console.log(
  `\nEndpoint resident memory: ${baseline.toFixed(0)} MiB before, ${peak.toFixed(0)} MiB at most during the transfers.`,
);
console.log(
  `Load average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")}`,
);
presigner.destroy();
server.child.kill("SIGTERM");
ideal.child.kill("SIGTERM");
