// `npm run bench [mesh|laser|uploads|quotes|estimate|viewer|search|s3|postgres]`: builds what is missing, then runs the benchmarks in turn.
// Each prints a markdown table; docs/benchmarks.md records them with the conditions they were taken under.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const BENCHMARKS = ["mesh", "laser", "uploads", "quotes", "estimate", "viewer", "search", "s3", "postgres"];
const run = (args) => execFileSync(process.execPath, args, { stdio: "inherit" });
if (!fs.existsSync(".next/BUILD_ID")) execFileSync("npm", ["run", "build"], { stdio: "inherit" });
run(["scripts/build-cli.mjs"]);
const only = process.argv[2];
for (const name of BENCHMARKS.filter((name) => !only || name === only)) {
  console.log(`\n## ${name} (node bench/${name}.mjs)\n`);
  run([`bench/${name}.mjs`]);
}
