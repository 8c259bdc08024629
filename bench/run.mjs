// `npm run bench [mesh|laser|quotes|viewer]`: builds what is missing, then runs the benchmarks in turn. Each prints a markdown table
// that goes into docs/benchmarks.md with the command that produced it.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const run = (args) => execFileSync(process.execPath, args, { stdio: "inherit" });
if (!fs.existsSync(".next/BUILD_ID")) execFileSync("npm", ["run", "build"], { stdio: "inherit" });
run(["scripts/build-cli.mjs"]);
const only = process.argv[2];
for (const name of ["mesh", "laser", "quotes", "viewer", "search"]) {
  if (only && only !== name) continue;
  if (!fs.existsSync(`bench/${name}.mjs`)) continue;
  console.log(`\n## ${name} (node bench/${name}.mjs)\n`);
  run([`bench/${name}.mjs`]);
}
