import { execFileSync } from "node:child_process";
import pg from "pg";

/** Uploads are analysed by the bundled child (dist/analysis-child.mjs): build it from the current source first. */
export default function setup(): () => Promise<void> {
  execFileSync(process.execPath, ["scripts/build-cli.mjs", "--analysis-child"], { stdio: "inherit" });
  return dropScratchDatabases;
}

/** On PostgreSQL (TEST_POSTGRES_URL) each test file made a scratch database (test/helpers/postgres.ts): drop them. */
async function dropScratchDatabases(): Promise<void> {
  const server = process.env.TEST_POSTGRES_URL;
  if (!server) return;
  const url = new URL(server);
  url.pathname = "/postgres";
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'bengkel\\_test\\_%'",
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
