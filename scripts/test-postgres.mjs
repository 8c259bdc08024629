// `npm run test:postgres`: the route tests (app/) and the database-heavy services (concurrency, quotas, the webhook
// outbox, search, the quote cache) again, on PostgreSQL. Starts a throw-away cluster from Debian's
// postgresql (initdb + pg_ctl) in a temp folder on a free loopback port, runs vitest with TEST_POSTGRES_URL pointing
// at it (each test file gets a scratch database: test/helpers/postgres.ts), then stops and removes it
// (scripts/postgres-cluster.mjs).
import { spawnSync } from "node:child_process";
import { startPostgresCluster } from "./postgres-cluster.mjs";

const ON_POSTGRES = [
  "app",
  "lib/files/concurrent-versions.test.ts",
  "lib/usage",
  "lib/webhooks",
  "lib/search",
  "lib/quotes/quote-file.test.ts",
  "lib/db",
  "lib/infra/vps/vps-lifecycle.test.ts",
  "lib/infra/dns/powerdns/powerdns.test.ts",
  "lib/infra/storage/storage-quota.test.ts",
  "lib/auth/db-failure-store.test.ts",
];
const cluster = await startPostgresCluster();
let status = 1;
try {
  const result = spawnSync(
    "npx",
    ["vitest", "run", ...(process.argv.slice(2).length ? process.argv.slice(2) : ON_POSTGRES)],
    {
      stdio: "inherit",
      env: { ...process.env, TEST_POSTGRES_URL: cluster.url },
    },
  );
  status = result.status ?? 1;
} finally {
  cluster.stop();
}
process.exit(status);
