// The production server (`next start`) for a benchmark: a fresh data folder and database, one workspace with a key,
// the server on loopback. Needs `npm run build`.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Starts the server on `port` with a `plan` workspace; resolves once it answers. `stop()` ends it and removes the data. */
export async function startBenchServer({ port, plan }) {
  const base = `http://127.0.0.1:${port}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-bench-"));
  const env = {
    ...process.env,
    DATABASE_URL: `file:${path.join(dir, "bench.db")}`,
    DATA_DIR: dir,
    PORT: String(port),
    WEBHOOK_WORKER: "off",
  };
  const cli = (...args) =>
    JSON.parse(execFileSync(process.execPath, ["dist/cli.mjs", ...args, "--json"], { env }).toString());
  const workspace = cli("workspace", "create", "--name", "Bench", "--plan", plan);
  const key = cli("keys", "create", "--workspace", workspace.id).secret;

  const server = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "ignore", "inherit"] });
  const stop = () => {
    server.kill("SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.on("exit", stop);
  await waitFor(`${base}/login`);
  await waitUntilIdle(server.pid);
  return { base, dir, auth: { authorization: `Bearer ${key}` }, stop };
}

async function waitFor(url) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not start");
}

/** CPU seconds used so far by `root` and every process under it (user + system, /proc/<pid>/stat). */
export function treeCpuSeconds(root) {
  const stats = new Map();
  for (const name of fs.readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
    try {
      const fields = fs.readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1].split(" ");
      stats.set(Number(name), { parent: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / 100 });
    } catch {
      /* gone */
    }
  }
  const inTree = (pid) => {
    for (let p = pid; p > 1; p = stats.get(p)?.parent ?? 0) if (p === root) return true;
    return false;
  };
  let total = 0;
  for (const [pid, { cpu }] of stats) if (inTree(pid)) total += cpu;
  return total;
}

/**
 * Waits until the server and its children (the analysis pool warms its engines after start) use under 5 % of
 * a core for a second: the figures are those of a settled server, not of its first seconds.
 */
export async function waitUntilIdle(pid, timeoutMs = 60_000) {
  const started = Date.now();
  let before = treeCpuSeconds(pid);
  while (Date.now() - started < timeoutMs) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = treeCpuSeconds(pid);
    if (now - before < 0.05) return;
    before = now;
  }
}
