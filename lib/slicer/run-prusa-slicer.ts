/**
 * Runs Debian's `prusa-slicer` (2.5) on one mesh with one config and reads its figures: the precise
 * mode of issue #15. Framework-free: the binary, limits and temp root are parameters.
 *
 * What runs (no shell; argv only):
 *   nice -n 19 prlimit --as=<memory> --fsize=<max G-code> --core=0 --
 *     prusa-slicer --loglevel 1 --export-gcode --load <tmp>/config.ini --post-process "" -o <tmp>/out.gcode <mesh>
 * - A private temp dir per run (mkdtemp under tempRoot, 0700) holds the config and the G-code, is the
 *   child's cwd/HOME/TMPDIR, and is removed afterwards whatever happened.
 * - The child gets a minimal environment (no secrets of ours, no DISPLAY: the CLI needs none).
 * - detached: its own process group (setsid), so the timeout or an abort SIGKILLs the whole group,
 *   and any straggler is killed when the slicer exits.
 * - prlimit (util-linux, always on Debian) sets the rlimits Node's spawn cannot: address space (a
 *   malicious or huge mesh makes PrusaSlicer throw bad_alloc instead of eating the host's memory),
 *   file size (a runaway G-code dies of SIGXFSZ instead of filling the disk) and no core dumps.
 * - `--post-process ""` on the command line beats every config: a 3MF's embedded config could
 *   otherwise name a post-processing program for PrusaSlicer to run.
 */
import { spawn } from "node:child_process";
import { constants as fsConstants } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { readGcodeSummary, type GcodeSummary } from "./parse-gcode-summary";
import { SlicerError, type SlicerErrorDetail } from "./slicer-error";

export const DEFAULT_PRLIMIT_PATH = "/usr/bin/prlimit";
export const DEFAULT_NICE_PATH = "/usr/bin/nice";
/**
 * The lowest priority: a run only refines a quote already given, while the analysis children (nice 10) do
 * work someone waits for, such as a new upload's first estimate; PrusaSlicer takes every core it can.
 */
const SLICER_NICENESS = 19;
/** Kept of each of stdout / stderr (the end): PrusaSlicer prints progress lines, errors come last. */
const OUTPUT_CAP_CHARS = 64 * 1024;
const MESSAGE_LINES = 8;

export interface RunPrusaSlicerOptions {
  /** Absolute path of the executable, e.g. /usr/bin/prusa-slicer (no PATH lookup). */
  binary: string;
  /** The mesh; PrusaSlicer picks the format by extension (.stl, .obj, .3mf, .amf). */
  meshPath: string;
  /** The whole config.ini text (buildSlicerConfig). */
  configIni: string;
  /** Wall-clock limit; the process group is SIGKILLed when it is reached. */
  timeoutMs: number;
  /** Address-space limit (RLIMIT_AS), MB. PrusaSlicer 2.5 needs ~200 MB just to load its libraries. */
  memoryMb: number;
  /** Directory the per-run temp dir is created in (created if missing). */
  tempRoot: string;
  signal?: AbortSignal;
  /** Largest G-code the slicer may write (RLIMIT_FSIZE), MB; default 1024. */
  maxGcodeMb?: number;
  /** Default /usr/bin/prlimit; required (no run without a memory limit). */
  prlimitPath?: string;
  /** Default /usr/bin/nice; the run is niced (19) when it exists. */
  nicePath?: string;
}

export interface PrusaSlicerResult extends GcodeSummary {
  gcode_bytes: number;
  /** Wall time of the slicer process, ms. */
  elapsed_ms: number;
}

interface Outcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  aborted: boolean;
  spawnError?: NodeJS.ErrnoException;
  stdout: string;
  stderr: string;
}

async function isExecutable(file: string): Promise<boolean> {
  try {
    await fs.access(file, fsConstants.X_OK);
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

function lastLines(text: string, count = MESSAGE_LINES): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line !== "")
    .slice(-count)
    .join("\n")
    .slice(-2000);
}

/** Spawns argv in its own process group and waits for it; kills the group on timeout, abort or exit. */
function runGroup(argv: string[], cwd: string, timeoutMs: number, signal: AbortSignal | undefined): Promise<Outcome> {
  return new Promise((resolve) => {
    // Nothing of the server's environment (database URL, secrets) reaches the slicer.
    const env: Record<string, string> = {
      PATH: "/usr/bin:/bin",
      HOME: cwd,
      TMPDIR: cwd,
      LC_ALL: "C.UTF-8",
      LANG: "C.UTF-8",
    };
    const child = spawn(argv[0], argv.slice(1), {
      cwd,
      env: env as NodeJS.ProcessEnv, // (Next's typing makes NODE_ENV required; the child needs none)
      detached: true,
      shell: false,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const outcome: Outcome = { code: null, signal: null, timedOut: false, aborted: false, stdout: "", stderr: "" };
    const capture = (stream: NodeJS.ReadableStream, key: "stdout" | "stderr") => {
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        outcome[key] += chunk;
        if (outcome[key].length > OUTPUT_CAP_CHARS) outcome[key] = outcome[key].slice(-OUTPUT_CAP_CHARS);
      });
    };
    capture(child.stdout, "stdout");
    capture(child.stderr, "stderr");

    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, "SIGKILL"); // negative pid: the whole group
      } catch {
        // ESRCH: the group is already gone
      }
    };
    const timer = setTimeout(() => {
      outcome.timedOut = true;
      killGroup();
    }, timeoutMs);
    const onAbort = () => {
      outcome.aborted = true;
      killGroup();
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    if (signal?.aborted) onAbort(); // aborted while we were preparing the run
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      resolve(outcome);
    };
    // The leader is gone: anything it left in its group (holding our pipes open) goes too.
    child.on("exit", killGroup);
    child.on("error", (error: NodeJS.ErrnoException) => {
      outcome.spawnError = error;
      if (child.pid === undefined) finish(); // never started: no "close" to wait for
    });
    child.on("close", (code, closeSignal) => {
      outcome.code = code;
      outcome.signal = closeSignal;
      finish();
    });
  });
}

/** The SlicerError for a run that did not exit 0, with a hint where the cause is recognisable. */
function failure(outcome: Outcome, options: { memoryMb: number; maxGcodeMb: number; timeoutMs: number }): SlicerError {
  const detail: SlicerErrorDetail = {
    exitCode: outcome.code,
    signal: outcome.signal,
    stderrTail: lastLines(outcome.stderr, 20),
    stdoutTail: lastLines(outcome.stdout, 20),
  };
  if (outcome.timedOut)
    return new SlicerError("slicer_timeout", `prusa-slicer did not finish within ${options.timeoutMs} ms`, detail);
  const how = outcome.signal ? `was killed by ${outcome.signal}` : `exited with code ${outcome.code}`;
  const output = lastLines(outcome.stderr) || lastLines(outcome.stdout);
  let hint = "";
  if (outcome.signal === "SIGXFSZ") hint = ` (G-code larger than ${options.maxGcodeMb} MB)`;
  else if (
    /bad_alloc|failed to map segment|Cannot allocate memory|Resource temporarily unavailable/.test(outcome.stderr)
  ) {
    hint = ` (out of memory: the limit is ${options.memoryMb} MB)`;
  }
  return new SlicerError("slicer_failed", `prusa-slicer ${how}${hint}${output ? `: ${output}` : ""}`, detail);
}

/**
 * Slices `meshPath` with `configIni` and returns PrusaSlicer's own figures. Throws SlicerError:
 * slicer_not_found, slicer_timeout, slicer_failed, slicer_output_invalid, slicer_aborted.
 */
export async function runPrusaSlicer(options: RunPrusaSlicerOptions): Promise<PrusaSlicerResult> {
  const { binary, meshPath, configIni, timeoutMs, memoryMb, tempRoot, signal } = options;
  const { maxGcodeMb = 1024, prlimitPath = DEFAULT_PRLIMIT_PATH, nicePath = DEFAULT_NICE_PATH } = options;
  for (const [name, value] of Object.entries({ timeoutMs, memoryMb, maxGcodeMb })) {
    if (!(Number.isFinite(value) && value > 0))
      throw new RangeError(`runPrusaSlicer: ${name} must be a positive number (${value})`);
  }
  if (signal?.aborted) throw new SlicerError("slicer_aborted", "aborted before the slicer started");
  if (!path.isAbsolute(binary) || !(await isExecutable(binary))) {
    throw new SlicerError(
      "slicer_not_found",
      `no executable slicer at ${JSON.stringify(binary)} (an absolute path is required)`,
    );
  }
  if (!(await isExecutable(prlimitPath))) {
    throw new SlicerError(
      "slicer_not_found",
      `no prlimit at ${prlimitPath} (util-linux): refusing to run the slicer without a memory limit`,
    );
  }
  const nice = (await isExecutable(nicePath)) ? [nicePath, "-n", String(SLICER_NICENESS)] : [];

  await fs.mkdir(tempRoot, { recursive: true, mode: 0o700 });
  const dir = await fs.mkdtemp(path.join(tempRoot, "prusa-slicer-"));
  try {
    await fs.chmod(dir, 0o700);
    const configPath = path.join(dir, "config.ini");
    const gcodePath = path.join(dir, "out.gcode");
    await fs.writeFile(configPath, configIni, { mode: 0o600 });
    const mb = (n: number) => Math.floor(n * 1024 * 1024);
    const argv = [
      ...nice,
      prlimitPath,
      `--as=${mb(memoryMb)}`,
      `--fsize=${mb(maxGcodeMb)}`,
      "--core=0",
      "--",
      binary,
      "--loglevel",
      "1",
      "--export-gcode",
      "--load",
      configPath,
      "--post-process",
      "",
      "-o",
      gcodePath,
      path.resolve(meshPath), // absolute: a name starting with "-" cannot pass for an option
    ];
    const started = performance.now();
    const outcome = await runGroup(argv, dir, timeoutMs, signal);
    const elapsed_ms = Math.round(performance.now() - started);

    if (outcome.spawnError && outcome.code === null && outcome.signal === null) {
      const code =
        outcome.spawnError.code === "ENOENT" || outcome.spawnError.code === "EACCES"
          ? "slicer_not_found"
          : "slicer_failed";
      throw new SlicerError(
        code,
        `could not start ${argv[0]}: ${outcome.spawnError.message}`,
        {},
        { cause: outcome.spawnError },
      );
    }
    if (outcome.aborted) throw new SlicerError("slicer_aborted", "aborted: the slicer's process group was killed");
    if (outcome.timedOut || outcome.code !== 0 || outcome.signal)
      throw failure(outcome, { memoryMb, maxGcodeMb, timeoutMs });

    const summary = await readGcodeSummary(gcodePath);
    return { ...summary, elapsed_ms };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
