import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Reference } from "@/eval/quotes/reference";
import { DEFAULT_PRINT_PROFILE } from "@/lib/print-estimate/default-print-profile";
import { parseIni } from "@/lib/print-estimate/profile";
import { runPrusaSlicer, type RunPrusaSlicerOptions } from "./run-prusa-slicer";
import { buildSlicerConfig } from "./slicer-config";

const PRUSA_SLICER = "/usr/bin/prusa-slicer";
const PART = "prusa-mk3s-plug-aligner.stl"; // 48 triangles, 4.5 min: about a second to slice
const PART_PATH = path.resolve("eval/quotes/parts", PART);
const TAIL_FIXTURE = path.resolve("lib/slicer/fixtures/plug-aligner-tail.gcode");

let work: string; // scripts and their records
let tempRoot: string; // runPrusaSlicer's temp dirs, which must all be gone after each run

beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "slicer-test-"));
  tempRoot = path.join(work, "tmp");
});
afterEach(() => {
  fs.rmSync(work, { recursive: true, force: true });
});

const options = (binary: string, extra: Partial<RunPrusaSlicerOptions> = {}): RunPrusaSlicerOptions => ({
  binary,
  meshPath: PART_PATH,
  configIni: buildSlicerConfig(DEFAULT_PRINT_PROFILE),
  timeoutMs: 60_000,
  memoryMb: 1024,
  tempRoot,
  ...extra,
});

const tempDirsLeft = () => (fs.existsSync(tempRoot) ? fs.readdirSync(tempRoot) : []);

/** A fake slicer: a shell script that first finds `-o` and `--load` among its arguments. */
function fakeSlicer(name: string, body: string): string {
  const file = path.join(work, name);
  const parseArgs = `out=""; load=""
for a in "$@"; do
  case "$prev" in -o) out="$a";; --load) load="$a";; esac
  prev="$a"
done
`;
  fs.writeFileSync(file, `#!/bin/sh\n${parseArgs}${body}\n`, { mode: 0o755 });
  return file;
}

/** Alive and not a zombie (a killed grandchild may wait for a reaper that containers lack). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat[stat.lastIndexOf(")") + 2] !== "Z";
  } catch {
    return false;
  }
}

async function waitUntilGone(pids: number[]): Promise<number[]> {
  for (let i = 0; i < 50 && pids.some(isAlive); i++) await new Promise((r) => setTimeout(r, 20));
  return pids.filter(isAlive);
}

const readPids = (file: string) => fs.readFileSync(file, "utf8").trim().split("\n").map(Number);

describe.skipIf(!fs.existsSync(PRUSA_SLICER))("runPrusaSlicer with the real prusa-slicer", () => {
  const reference = JSON.parse(fs.readFileSync("eval/quotes/reference.json", "utf8")) as Reference;

  it(`slices ${PART} to the figures in eval/quotes/reference.json`, async () => {
    const expected = reference.parts.find((p) => p.file === PART);
    if (!expected) throw new Error(`reference.json has no ${PART}`);
    const result = await runPrusaSlicer(options(PRUSA_SLICER));
    const within = (ours: number, theirs: number, rel: number, abs = 0) =>
      Math.abs(ours - theirs) <= Math.max(rel * theirs, abs);
    expect(result.slicer).toBe(expected.slicer);
    // PrusaSlicer 2.5 is not deterministic on several threads: 20 runs of this part on 2 cores gave
    // 271–274 s (273 most often, as in reference.json); pinned to one core, always 271 s.
    expect(within(result.time_s, expected.no_supports.time_s, 0.01, 3)).toBe(true);
    expect(within(result.filament_mm, expected.no_supports.filament_mm, 0.005)).toBe(true);
    expect(within(result.filament_mm3, expected.no_supports.filament_mm3, 0.005)).toBe(true);
    expect(within(result.filament_g ?? Number.NaN, expected.no_supports.weight_g, 0.005, 0.005)).toBe(true);
    expect(result.gcode_bytes).toBeGreaterThan(50_000);
    expect(tempDirsLeft()).toEqual([]);
  });

  it("accepts the config written for another profile, with supports", async () => {
    const profile = { ...DEFAULT_PRINT_PROFILE, layerHeight: 0.15, perimeters: 3, fillPattern: "cubic" };
    const result = await runPrusaSlicer(
      options(PRUSA_SLICER, { configIni: buildSlicerConfig(profile, { infillPercent: 40, supports: "auto" }) }),
    );
    expect(result.time_s).toBeGreaterThan(273);
    expect(tempDirsLeft()).toEqual([]);
  });

  it("reports a mesh it cannot read, and a memory limit too small to start, as slicer_failed", async () => {
    const bad = path.join(work, "bad.stl");
    fs.writeFileSync(bad, "not a mesh\n");
    await expect(runPrusaSlicer(options(PRUSA_SLICER, { meshPath: bad }))).rejects.toMatchObject({
      code: "slicer_failed",
      message: expect.stringContaining("Loading of a model file failed"),
      detail: { exitCode: 1 },
    });
    await expect(runPrusaSlicer(options(PRUSA_SLICER, { memoryMb: 64 }))).rejects.toMatchObject({
      code: "slicer_failed",
      message: expect.stringContaining("out of memory"),
    });
    expect(tempDirsLeft()).toEqual([]);
  });
});

describe("runPrusaSlicer with a fake slicer", () => {
  it("runs it sandboxed: argv, private 0700 dir, minimal env, rlimits, nice; returns the G-code's figures", async () => {
    const record = path.join(work, "record");
    fs.mkdirSync(record);
    const fake = fakeSlicer(
      "records.sh",
      `for a in "$@"; do printf '%s\\n' "$a"; done > ${record}/argv
env > ${record}/env
pwd > ${record}/pwd
stat -c %a . > ${record}/mode
cp "$load" ${record}/config.ini
ulimit -v > ${record}/as; ulimit -f > ${record}/fsize; ulimit -c > ${record}/core
cut -d' ' -f19 /proc/self/stat > ${record}/nice
cp ${TAIL_FIXTURE} "$out"`,
    );
    process.env.BENGKEL_SLICER_TEST_SECRET = "must-not-leak";
    try {
      const configIni = buildSlicerConfig(DEFAULT_PRINT_PROFILE, { supports: "auto" });
      const result = await runPrusaSlicer(options(fake, { configIni, memoryMb: 512, maxGcodeMb: 64 }));
      expect(result).toMatchObject({
        filament_mm: 103.91,
        filament_g: 0.31,
        time_s: 273,
        gcode_bytes: fs.statSync(TAIL_FIXTURE).size,
      });
    } finally {
      delete process.env.BENGKEL_SLICER_TEST_SECRET;
    }
    const read = (name: string) => fs.readFileSync(path.join(record, name), "utf8").trim();
    const dir = read("pwd");
    expect(path.dirname(dir)).toBe(tempRoot);
    expect(read("mode")).toBe("700");
    expect(read("argv").split("\n")).toEqual([
      "--loglevel",
      "1",
      "--export-gcode",
      "--load",
      `${dir}/config.ini`,
      "--post-process",
      "",
      "-o",
      `${dir}/out.gcode`,
      PART_PATH,
    ]);
    expect(parseIni(read("config.ini")).get("support_material")).toBe("1");
    expect(read("env")).not.toContain("must-not-leak");
    expect(read("env")).toContain(`HOME=${dir}`);
    expect(read("as")).toBe(String(512 * 1024)); // KB
    expect(read("fsize")).toBe(String((64 * 1024 * 1024) / 512)); // 512-byte blocks
    expect(read("core")).toBe("0");
    if (fs.existsSync("/usr/bin/nice")) expect(Number(read("nice"))).toBe(19);
    expect(tempDirsLeft()).toEqual([]);
  });

  it("kills the whole process group at the timeout: slicer_timeout", async () => {
    const pids = path.join(work, "pids");
    const fake = fakeSlicer("hangs.sh", `echo $$ > ${pids}\nsleep 300 &\necho $! >> ${pids}\nwait`);
    const started = Date.now();
    await expect(runPrusaSlicer(options(fake, { timeoutMs: 500 }))).rejects.toMatchObject({ code: "slicer_timeout" });
    expect(Date.now() - started).toBeLessThan(5_000);
    const [leader, child] = readPids(pids);
    expect(leader).toBeGreaterThan(0);
    expect(child).toBeGreaterThan(0);
    expect(await waitUntilGone([leader, child])).toEqual([]);
    expect(tempDirsLeft()).toEqual([]);
  });

  it("kills the group when the signal aborts: slicer_aborted", async () => {
    const pids = path.join(work, "pids");
    const fake = fakeSlicer("hangs.sh", `sleep 300 &\necho $! > ${pids}\nwait`);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    await expect(runPrusaSlicer(options(fake, { signal: controller.signal }))).rejects.toMatchObject({
      code: "slicer_aborted",
    });
    expect(await waitUntilGone(readPids(pids))).toEqual([]);
    expect(tempDirsLeft()).toEqual([]);
  });

  it("reports a crash or a failing exit with the last stderr lines: slicer_failed", async () => {
    const crashes = fakeSlicer("crashes.sh", `echo "progress" ; echo "about to crash" >&2\nkill -SEGV $$`);
    await expect(runPrusaSlicer(options(crashes))).rejects.toMatchObject({
      code: "slicer_failed",
      message: expect.stringMatching(/killed by SIGSEGV: about to crash$/),
      detail: { exitCode: null, signal: "SIGSEGV" },
    });
    const fails = fakeSlicer("fails.sh", `echo "Objects could not fit on the bed" >&2\nexit 3`);
    await expect(runPrusaSlicer(options(fails))).rejects.toMatchObject({
      code: "slicer_failed",
      message: "prusa-slicer exited with code 3: Objects could not fit on the bed",
      detail: { exitCode: 3, signal: null },
    });
    expect(tempDirsLeft()).toEqual([]);
  });

  it("caps what it keeps of the slicer's output", async () => {
    const noisy = fakeSlicer("noisy.sh", `head -c 5000000 /dev/zero | tr '\\0' 'x'\necho "the end" >&2\nexit 1`);
    const error = await runPrusaSlicer(options(noisy)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "slicer_failed", detail: { stderrTail: "the end" } });
    expect((error as { detail: { stdoutTail: string } }).detail.stdoutTail.length).toBeLessThanOrEqual(64 * 1024);
  });

  it("refuses output without a summary, or no output at all: slicer_output_invalid", async () => {
    const garbage = fakeSlicer("garbage.sh", `head -c 100000 /dev/urandom > "$out"`);
    await expect(runPrusaSlicer(options(garbage))).rejects.toMatchObject({ code: "slicer_output_invalid" });
    const silent = fakeSlicer("silent.sh", "exit 0");
    await expect(runPrusaSlicer(options(silent))).rejects.toMatchObject({ code: "slicer_output_invalid" });
    expect(tempDirsLeft()).toEqual([]);
  });

  it("reports a missing or unusable binary, or a missing prlimit: slicer_not_found", async () => {
    const notExecutable = path.join(work, "plain.txt");
    fs.writeFileSync(notExecutable, "#!/bin/sh\n");
    for (const binary of [path.join(work, "no-such-slicer"), "prusa-slicer", notExecutable, work]) {
      await expect(runPrusaSlicer(options(binary)), binary).rejects.toMatchObject({ code: "slicer_not_found" });
    }
    const ok = fakeSlicer("ok.sh", `cp ${TAIL_FIXTURE} "$out"`);
    await expect(runPrusaSlicer(options(ok, { prlimitPath: path.join(work, "no-prlimit") }))).rejects.toMatchObject({
      code: "slicer_not_found",
      message: expect.stringContaining("prlimit"),
    });
    expect(tempDirsLeft()).toEqual([]);
  });
});
