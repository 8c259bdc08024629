// `npm run test:postgres`: the route tests (app/) and the database-heavy services (concurrency, quotas, the webhook
// outbox, search, the quote cache) again, on PostgreSQL. Starts a throw-away cluster from Debian's
// postgresql (initdb + pg_ctl) in a temp folder on a free loopback port, runs vitest with TEST_POSTGRES_URL pointing
// at it (each test file gets a scratch database: test/helpers/postgres.ts), then stops and removes it. initdb
// refuses to run as root, so as root the cluster runs as the `postgres` user Debian's package creates.
import { execFileSync, spawnSync } from "node:child_process";
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

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const ON_POSTGRES = [
  "app",
  "lib/files/concurrent-versions.test.ts",
  "lib/usage",
  "lib/webhooks",
  "lib/search",
  "lib/quotes/quote-file.test.ts",
  "lib/db",
];
const asRoot = process.getuid?.() === 0;
const run = (bin, args) =>
  execFileSync(asRoot ? "runuser" : bin, asRoot ? ["-u", "postgres", "--", bin, ...args] : args, { stdio: "pipe" });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-pg-"));
if (asRoot) execFileSync("chown", ["postgres", dir]);
const data = path.join(dir, "data");
const port = await freePort();
run(pgBin("initdb"), ["-D", data, "-A", "trust", "-U", "bengkel", "--no-sync", "-E", "UTF8", "--locale=C.UTF-8"]);
run(pgBin("pg_ctl"), [
  "-D",
  data,
  "-l",
  path.join(dir, "log"),
  "-w",
  "-o",
  `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`,
  "start",
]);
let status = 1;
try {
  const result = spawnSync(
    "npx",
    ["vitest", "run", ...(process.argv.slice(2).length ? process.argv.slice(2) : ON_POSTGRES)],
    {
      stdio: "inherit",
      env: { ...process.env, TEST_POSTGRES_URL: `postgres://bengkel@127.0.0.1:${port}/postgres` },
    },
  );
  status = result.status ?? 1;
} finally {
  run(pgBin("pg_ctl"), ["-D", data, "-m", "immediate", "stop"]);
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
