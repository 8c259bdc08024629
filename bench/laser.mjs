// Laser engine benchmark: a sheet with 50,000 circles and an outline (~5 MB DXF) against ezdxf's readfile,
// side by side in one run: first the server path (issue #18's target: upload + first laser quote over HTTP on the
// production server, analysis in its child processes, ≤ 0.10× ezdxf.readfile), then whole processes
// (`node dist/cli.mjs analyze FILE --json`).
// Usage: node bench/laser.mjs [runs=5]   (needs `npm run build` for the server path; the CLI: npm run build:cli)
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { CIRCLES, writeCircleSheet as writeSheet } from "./generate-circle-sheet.mjs";
import { startBenchServer } from "./server.mjs";

const RUNS = Math.max(5, Number(process.argv[2] ?? 5));
/** How long the server path waits after its first upload, before timing (see serverPath). */
const WARM_UP_SETTLE_MS = 10_000;
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
const row = (label, xs) =>
  `| ${label} | ${median(xs).toFixed(0)} | ${Math.min(...xs).toFixed(0)} | ${Math.max(...xs).toFixed(0)} |`;

/** A port nobody listens on now, on loopback: other benchmarks and tests may run at the same time. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Upload + first laser quote over HTTP, alternating round by round with ezdxf.readfile on the same file. */
async function serverPath(file) {
  const { base, auth, stop } = await startBenchServer({ port: await freePort(), plan: "team" });
  const bytes = readFileSync(file);
  const uploadAndQuote = async (name) => {
    const form = new FormData();
    form.append("file", new Blob([bytes]), name);
    const started = performance.now();
    const res = await fetch(`${base}/v1/files`, { method: "POST", headers: auth, body: form });
    if (res.status !== 201) throw new Error(`upload ${res.status}: ${await res.text()}`);
    const id = (await res.json()).data.file.id;
    const quote = await fetch(`${base}/v1/files/${id}/quote/laser`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: "{}",
    });
    if (quote.status !== 200) throw new Error(`quote ${quote.status}: ${await quote.text()}`);
    await quote.arrayBuffer();
    return performance.now() - started;
  };
  try {
    await uploadAndQuote("warm.dxf"); // the server's first request loads route code
    // A new analysis child warms its engines for its first seconds (lib/analyze/warm-up.ts), and a job waits for the
    // warm-up round under way (up to ~2 s for a 3D print round on a loaded machine): the target is a running server.
    await new Promise((resolve) => setTimeout(resolve, WARM_UP_SETTLE_MS));
    const ours = [];
    const ezdxf = [];
    for (let k = 0; k < RUNS; k++) {
      ours.push(await uploadAndQuote(`sheet-${k}.dxf`));
      ezdxf.push(time(PYTHON, ["-c", "import ezdxf,sys; ezdxf.readfile(sys.argv[1])", file]));
    }
    console.log("| server path (npm start, loopback) | median ms | min ms | max ms |\n|---|---:|---:|---:|");
    console.log(row("upload + first laser quote over HTTP", ours));
    console.log(row("python3 ezdxf.readfile(FILE)", ezdxf));
    console.log(`\nServer ratio ours / ezdxf: ${(median(ours) / median(ezdxf)).toFixed(2)}× (target ≤ 0.10×)\n`);
  } finally {
    stop();
  }
}

if (!existsSync(CLI)) {
  console.error("dist/cli.mjs is missing: run `npm run build:cli` first.");
  process.exit(1);
}
const dir = mkdtempSync(path.join(tmpdir(), "laser-bench-"));
try {
  const file = path.join(dir, "sheet.dxf");
  writeSheet(file);
  if (existsSync(".next/BUILD_ID")) await serverPath(file);
  else console.log("No production build (.next/BUILD_ID): the server path is skipped; run `npm run build`.\n");
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
  console.log(
    `\nRatio ours / ezdxf: ${(median(ours) / median(ezdxf)).toFixed(2)}× (whole process: no target since issue #18, Node's start-up is most of it)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
