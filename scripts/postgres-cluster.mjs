// A throw-away PostgreSQL cluster from Debian's postgresql binaries (initdb + pg_ctl) in a temp folder on a free
// loopback port, for `npm run test:postgres`, the multi-instance end-to-end test and `npm run bench -- postgres`.
// initdb refuses to run as root, so as root the cluster runs as the `postgres` user Debian's package creates.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

function pgBin(name) {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (fs.existsSync(path.join(root, v, "bin", name))) return path.join(root, v, "bin", name);
  throw new Error(`${name} not found: install Debian's postgresql package`);
}

/** A loopback port free right now (pg_ctl cannot be told to pick one itself). */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const asRoot = process.getuid?.() === 0;
const run = (bin, args) =>
  execFileSync(asRoot ? "runuser" : bin, asRoot ? ["-u", "postgres", "--", bin, ...args] : args, { stdio: "pipe" });

/**
 * Starts a cluster whose superuser `bengkel` logs in without a password over loopback only (trust). `url` points at
 * its `postgres` database; `stop()` stops it at once and removes its folder.
 */
export async function startPostgresCluster({ maxConnections = 300 } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-pg-"));
  if (asRoot) execFileSync("chown", ["postgres", dir]);
  const data = path.join(dir, "data");
  const port = await freePort();
  try {
    run(pgBin("initdb"), ["-D", data, "-A", "trust", "-U", "bengkel", "--no-sync", "-E", "UTF8", "--locale=C.UTF-8"]);
    run(pgBin("pg_ctl"), [
      "-D",
      data,
      "-l",
      path.join(dir, "log"),
      "-w",
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=${maxConnections}`,
      "start",
    ]);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  return {
    url: `postgres://bengkel@127.0.0.1:${port}/postgres`,
    port,
    /** The postmaster's process id (its first line of postmaster.pid); the server's backends are its children. */
    pid: () => Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]),
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run(pgBin("pg_ctl"), ["-D", data, "-m", "immediate", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
