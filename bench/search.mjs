// Search benchmark: one workspace of 10,000 synthetic files (metadata extracted and indexed as by the API), then p50/p95
// latency of searchFiles() for a mix of Indonesian and English queries with numbers, typos and filters.
// Usage: node bench/search.mjs [files=10000] [runs=30]
import { execFileSync } from "node:child_process";

const [files = "10000", runs = "30"] = process.argv.slice(2);
execFileSync(process.execPath, ["--import", "tsx", "eval/search/bench-workspace.ts", files, runs], {
  stdio: "inherit",
});
