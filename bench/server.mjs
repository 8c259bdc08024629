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
