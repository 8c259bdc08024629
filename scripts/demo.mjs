// One command for a fresh machine: build if needed, seed the demo workspace, print its login and keys, start.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const run = (cmd, args) =>
  execFileSync(cmd, args, { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });

if (!fs.existsSync(".next/BUILD_ID") || !fs.existsSync("dist/cli.mjs")) run("npm", ["run", "build"]);
run(process.execPath, ["dist/cli.mjs", "db", "migrate"]);
run(process.execPath, ["dist/cli.mjs", "demo"]);
console.log(
  `\nDashboard: http://${process.env.HOST ?? "127.0.0.1"}:${process.env.PORT ?? "3000"}/login   API reference: /docs\n`,
);
await import("./start.mjs");
