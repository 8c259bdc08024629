#!/usr/bin/env node
// Benchmark (issue #15): the automatic supports plan (planSupports) of the 1M-triangle torus ($TMPDIR/torus.stl,
// written if missing), in process, as an analysis child meets it: after the child's idle warm-up (8 rounds of
// measurePrint on lib/analyze/warm-up.ts's torus, on this thread), the first plan of the large mesh, then
// later plans of it (steady state). Each process is fresh; every plan prints wall and CPU time (user + system
// of the whole process, so V8's compiler and GC threads count: steadier than wall time on a shared machine).
// Then, in the same process, each part of eval/quotes (corpus and holdout, 44 meshes) planned once in turn, as
// uploads of different parts come: total wall / CPU.
// Usage: npx tsx bench/supports-plan.mjs [processes=3] [plans=8]
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PRINT_WARM_UP_ROUNDS, warmUpTorus } from "../lib/analyze/warm-up.ts";
import { parseMesh } from "../lib/geometry/index.ts";
import { planSupports } from "../lib/print-estimate/index.ts";
import { MK3S_QUALITY_SETTINGS } from "../lib/print-estimate/default-profiles.ts";
import { measurePrint } from "../lib/print-estimate/measure-print.ts";
import { profileFromSettings } from "../lib/print-estimate/profile-settings.ts";
import { writeTorusStl } from "./generate-torus-stl.mjs";

const file = path.join(os.tmpdir(), "torus.stl");
const [processes, plans] = [Number(process.argv[2] ?? 3), Number(process.argv[3] ?? 8)];

if (process.argv[4] !== "--child") {
  if (!fs.existsSync(file)) writeTorusStl(file);
  console.log(`planSupports, 1M-triangle torus: wall / CPU ms per plan, first after the warm-up, then later ones`);
  for (let p = 0; p < processes; p++) {
    const child = fork(new URL(import.meta.url).pathname, [String(processes), String(plans), "--child"], {
      stdio: "inherit",
    });
    await new Promise((resolve) => child.on("exit", resolve));
  }
} else {
  const small = warmUpTorus();
  for (let i = 0; i < PRINT_WARM_UP_ROUNDS; i++) measurePrint(small, "fdm", MK3S_QUALITY_SETTINGS);
  const bytes = fs.readFileSync(file);
  const parsed = await parseMesh(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), "torus.stl");
  const mesh = { positions: parsed.positions, indices: parsed.indices };
  const profile = profileFromSettings(MK3S_QUALITY_SETTINGS);
  const runs = [];
  for (let i = 0; i < plans; i++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    planSupports(mesh, profile);
    const used = process.cpuUsage(cpu);
    runs.push(`${Math.round(performance.now() - started)} / ${Math.round((used.user + used.system) / 1000)}`);
  }
  const parts = [];
  for (const dir of ["eval/quotes/parts", "eval/quotes/holdout"])
    for (const name of fs.readdirSync(dir).sort()) {
      const stl = fs.readFileSync(path.join(dir, name));
      const part = await parseMesh(new Uint8Array(stl.buffer, stl.byteOffset, stl.length), name);
      parts.push({ positions: part.positions, indices: part.indices });
    }
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const part of parts) planSupports(part, profile);
  const used = process.cpuUsage(cpu);
  const corpus = `${Math.round(performance.now() - started)} / ${Math.round((used.user + used.system) / 1000)}`;
  console.log(`${runs.join(", ")}; ${parts.length} parts: ${corpus}   (load average ${os.loadavg()[0].toFixed(1)})`);
}
