// Laser engine benchmark: a sheet with 50,000 circles and an outline (~5 MB DXF),
// timed as whole processes: `node dist/cli.mjs analyze FILE --json` vs ezdxf's readfile.
// Usage: node bench/laser.mjs [runs=5]   (build the CLI first: npm run build:cli)
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CIRCLES, writeCircleSheet as writeSheet } from "./generate-circle-sheet.mjs";

const RUNS = Math.max(5, Number(process.argv[2] ?? 5));
const PYTHON = "/usr/bin/python3";
const CLI = path.resolve("dist/cli.mjs");

function time(cmd, args) {
  const t = process.hrtime.bigint();
  const run = spawnSync(cmd, args, { stdio: ["ignore", "ignore", "pipe"], maxBuffer: 1 << 30 });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (run.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed: ${run.stderr}`);
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (!existsSync(CLI)) {
  console.error("dist/cli.mjs is missing: run `npm run build:cli` first.");
  process.exit(1);
}
const dir = mkdtempSync(path.join(tmpdir(), "laser-bench-"));
try {
  const file = path.join(dir, "sheet.dxf");
  writeSheet(file);
  // The same process on a one-circle drawing: Node startup and module loading, the floor under our figure.
  const tiny = path.join(dir, "tiny.dxf");
  writeFileSync(
    tiny,
    [
      "0",
      "SECTION",
      "2",
      "ENTITIES",
      "0",
      "CIRCLE",
      "8",
      "0",
      "10",
      "0",
      "20",
      "0",
      "40",
      "1",
      "0",
      "ENDSEC",
      "0",
      "EOF",
    ].join("\n") + "\n",
  );
  const ours = [];
  const ezdxf = [];
  const floor = [];
  for (let k = 0; k < RUNS; k++) {
    ours.push(time(process.execPath, [CLI, "analyze", file, "--json"]));
    ezdxf.push(time(PYTHON, ["-c", "import ezdxf,sys; ezdxf.readfile(sys.argv[1])", file]));
    floor.push(time(process.execPath, [CLI, "analyze", tiny, "--json"]));
  }
  const mb = (statSync(file).size / 1e6).toFixed(1);
  console.log(
    `Sheet: ${CIRCLES.toLocaleString("en")} circles + outline, ${mb} MB DXF, ${RUNS} runs each (whole process, median)\n`,
  );
  console.log("| command | median ms | min ms | max ms |");
  console.log("|---|---:|---:|---:|");
  console.log(
    `| node dist/cli.mjs analyze FILE --json | ${median(ours).toFixed(0)} | ${Math.min(...ours).toFixed(0)} | ${Math.max(...ours).toFixed(0)} |`,
  );
  console.log(
    `| python3 ezdxf.readfile(FILE) | ${median(ezdxf).toFixed(0)} | ${Math.min(...ezdxf).toFixed(0)} | ${Math.max(...ezdxf).toFixed(0)} |`,
  );
  console.log(
    `| node dist/cli.mjs analyze ONE_CIRCLE --json (startup floor) | ${median(floor).toFixed(0)} | ${Math.min(...floor).toFixed(0)} | ${Math.max(...floor).toFixed(0)} |`,
  );
  console.log(`\nRatio ours / ezdxf: ${(median(ours) / median(ezdxf)).toFixed(2)}× (target ≤ 0.10×)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
