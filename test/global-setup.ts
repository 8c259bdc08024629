import { execFileSync } from "node:child_process";

/** Uploads are analysed by the bundled child (dist/analysis-child.mjs): build it from the current source first. */
export default function setup(): void {
  execFileSync(process.execPath, ["scripts/build-cli.mjs", "--analysis-child"], { stdio: "inherit" });
}
