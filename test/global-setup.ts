import { execFileSync } from "node:child_process";
import { dropScratchDatabases } from "./helpers/postgres";

/** Uploads are analysed by the bundled child (dist/analysis-child.mjs): build it from the current source first. */
export default function setup(): () => Promise<void> {
  execFileSync(process.execPath, ["scripts/build-cli.mjs", "--analysis-child"], { stdio: "inherit" });
  // On PostgreSQL (TEST_POSTGRES_URL) each test file made a scratch database (test/helpers/postgres.ts).
  return async () => {
    if (process.env.TEST_POSTGRES_URL) await dropScratchDatabases(process.env.TEST_POSTGRES_URL);
  };
}
