#!/usr/bin/env node
// The S3 endpoint against the disk: `aws s3 cp` of a 1 GiB file up and down over loopback next to `cp` of the same
// file on the same disk, and the endpoint's resident memory sampled throughout (it must stay flat: bytes stream).
// The endpoint runs alone in its own process (bundled here, no Next.js build needed); Debian's /usr/bin/aws drives it.
// Usage: node bench/s3.mjs [size_mib=1024]
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
const server = await startS3Server(db, { host: "127.0.0.1", port: 0, region: "us-east-1" });
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

const env = { ...process.env, DATABASE_URL: `file:${path.join(dir, "bench.db")}`, DATA_DIR: path.join(dir, "data") };
const server = spawn(process.execPath, ["dist/s3-bench-server.mjs"], { env, stdio: ["ignore", "pipe", "inherit"] });
process.on("exit", () => server.kill("SIGTERM"));
const info = await new Promise((resolve) => server.stdout.once("data", (line) => resolve(JSON.parse(line))));

const rssMib = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, "utf8"))[1]) / 1024;
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

fs.writeFileSync(
  path.join(dir, "credentials"),
  `[default]\naws_access_key_id = ${info.accessKeyId}\naws_secret_access_key = ${info.secret}\n`,
);
fs.writeFileSync(path.join(dir, "config"), "[default]\nregion = us-east-1\n");
const awsEnv = {
  PATH: "/usr/bin:/bin",
  HOME: dir,
  AWS_CONFIG_FILE: path.join(dir, "config"),
  AWS_SHARED_CREDENTIALS_FILE: path.join(dir, "credentials"),
  AWS_EC2_METADATA_DISABLED: "true",
};
const endpoint = `http://127.0.0.1:${info.port}`;
// Asynchronous, so the memory sampler keeps ticking while a transfer runs.
const timed = async (cmd, args, options = {}) => {
  const started = performance.now();
  await promisify(execFile)(cmd, args, { maxBuffer: 1 << 20, ...options });
  return (performance.now() - started) / 1000;
};
const aws = (...args) =>
  timed("/usr/bin/aws", [...args, "--endpoint-url", endpoint, "--only-show-errors"], { env: awsEnv });

// curl with presigned URLs: a client in C that neither hashes nor splits, so its row is the endpoint's own speed.
const presigner = new S3Client({
  endpoint,
  region: "us-east-1",
  forcePathStyle: true,
  credentials: { accessKeyId: info.accessKeyId, secretAccessKey: info.secret },
});
const presign = (Command, Key) => getSignedUrl(presigner, new Command({ Bucket: "bench", Key }), { expiresIn: 3600 });
const curl = (...args) => timed("curl", ["-sSf", "-o", "/dev/null", ...args]);

const ROUNDS = 3;
const rows = [];
const baseline = rssMib();
let peak = baseline;
for (let round = 0; round < ROUNDS; round++) {
  const copy = await timed("cp", [source, path.join(dir, "copy.bin")]);
  fs.rmSync(path.join(dir, "copy.bin"));
  let stop = sampleRss();
  const up = await aws("s3", "cp", source, "s3://bench/source.bin");
  peak = Math.max(peak, ...stop());
  stop = sampleRss();
  const down = await aws("s3", "cp", "s3://bench/source.bin", path.join(dir, "down.bin"));
  peak = Math.max(peak, ...stop());
  if (round === 0 && sha256(path.join(dir, "down.bin")) !== sha256(source)) throw new Error("bytes differ");
  fs.rmSync(path.join(dir, "down.bin"));
  stop = sampleRss();
  const curlUp = await curl("-T", source, await presign(PutObjectCommand, "curl.bin"));
  const curlDown = await curl(await presign(GetObjectCommand, "curl.bin"));
  peak = Math.max(peak, ...stop());
  rows.push({ copy, up, down, curlUp, curlDown });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mibps = (s) => (SIZE_MIB / s).toFixed(0);
const copy = median(rows.map((r) => r.copy));
const up = median(rows.map((r) => r.up));
const down = median(rows.map((r) => r.down));
const curlUp = median(rows.map((r) => r.curlUp));
const curlDown = median(rows.map((r) => r.curlDown));
console.log(`| ${SIZE_MIB} MiB, median of ${ROUNDS} | seconds | MiB/s | of cp |`);
console.log("|---|---:|---:|---:|");
console.log(`| cp on the same disk | ${copy.toFixed(2)} | ${mibps(copy)} | 100 % |`);
console.log(`| aws s3 cp up | ${up.toFixed(2)} | ${mibps(up)} | ${((copy / up) * 100).toFixed(0)} % |`);
console.log(`| aws s3 cp down | ${down.toFixed(2)} | ${mibps(down)} | ${((copy / down) * 100).toFixed(0)} % |`);
console.log(
  `| curl PUT (presigned) | ${curlUp.toFixed(2)} | ${mibps(curlUp)} | ${((copy / curlUp) * 100).toFixed(0)} % |`,
);
console.log(
  `| curl GET (presigned) | ${curlDown.toFixed(2)} | ${mibps(curlDown)} | ${((copy / curlDown) * 100).toFixed(0)} % |`,
);
console.log(
  `\nEndpoint resident memory: ${baseline.toFixed(0)} MiB before, ${peak.toFixed(0)} MiB at most during the transfers.`,
);
presigner.destroy();
server.kill("SIGTERM");
