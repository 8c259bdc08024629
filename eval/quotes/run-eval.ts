/**
 * `npm run eval:quotes`: our instant 3D-print estimate (weight, time) against
 * PrusaSlicer on the corpus in parts/, with the slicer's figures read from
 * reference.json so that no slicer is needed (issue #15).
 * `--reslice` slices every part again with profile.ini (through lib/slicer, as the
 * app's precise mode does) and rewrites reference.json (needs `prusa-slicer` on
 * PATH; a few minutes on 2 cores); `--reslice-holdout` only the holdout parts
 * (holdout/), keeping the corpus's figures.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { analyzeFile } from "@/lib/analyze/analyze-file";
import { parseMesh } from "@/lib/geometry";
import { DEFAULT_CATALOG, price3dPrint } from "@/lib/pricing";
import {
  NEEDS_SUPPORTS_SHARE,
  estimatePrint,
  needsSupports,
  planSupports,
  profileFromPrusaConfig,
  slicePrint,
} from "@/lib/print-estimate";
import { buildSlicerConfig, runPrusaSlicer } from "@/lib/slicer";
import {
  HOLDOUT_DIR,
  PARTS_DIR,
  PROFILE_PATH,
  REFERENCE_PATH,
  listPartFiles,
  loadReference,
  sha256,
  type Reference,
  type ReferencePart,
  type SlicerFigures,
} from "./reference";

const INFILL_PERCENT = 20;
// The issue judges time only where it matters for a quote; under 10 min the fixed warm-up dominates.
const MIN_TIME_S = 600;

async function measure(file: string, sourceDir = PARTS_DIR) {
  const bytes = new Uint8Array(fs.readFileSync(path.join(sourceDir, file)));
  const analysis = await analyzeFile(bytes, file);
  if (analysis.kind !== "mesh") throw new Error(`${file} is not a mesh`);
  return { bytes, geometry: analysis.geometry };
}

/** `prusa-slicer` from the PATH: runPrusaSlicer takes an absolute path only. */
function findPrusaSlicer(): string {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, "prusa-slicer");
    if (dir && fs.existsSync(candidate)) return path.resolve(candidate);
  }
  throw new Error("--reslice needs prusa-slicer on the PATH");
}

async function slice(
  file: string,
  supports: boolean,
  dir: string,
  sourceDir = PARTS_DIR,
): Promise<{ figures: SlicerFigures; slicer: string }> {
  // profile.ini is the base; the profile read from it is written back over it, which changes nothing.
  const profileIni = fs.readFileSync(PROFILE_PATH, "utf8");
  const result = await runPrusaSlicer({
    binary: findPrusaSlicer(),
    meshPath: path.join(sourceDir, file),
    configIni: buildSlicerConfig(profileFromPrusaConfig(profileIni), {
      supports: supports ? "auto" : "none",
      base: profileIni,
    }),
    timeoutMs: 10 * 60_000,
    memoryMb: 8192,
    tempRoot: dir,
  });
  if (result.filament_g === undefined) throw new Error(`${file}: the G-code has no "; filament used [g]"`);
  const figures = {
    weight_g: result.filament_g,
    time_s: result.time_s,
    filament_mm: result.filament_mm,
    // "[cm3]" is printed to 0.01 cm³; the length and diameter give the volume exactly.
    filament_mm3: Math.round(result.filament_mm3 * 10) / 10,
  };
  return { figures, slicer: result.slicer ?? "PrusaSlicer (unknown version)" };
}

async function reslice(holdoutOnly: boolean): Promise<Reference> {
  const previous = fs.existsSync(REFERENCE_PATH) ? loadReference() : undefined;
  const needsSupports = new Map(
    [...(previous?.parts ?? []), ...(previous?.holdout ?? [])].map((p) => [p.file, p.needs_supports]),
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eval-quotes-"));
  const sliceAll = async (sourceDir: string) => {
    const parts: ReferencePart[] = [];
    for (const file of listPartFiles(sourceDir)) {
      const { bytes, geometry } = await measure(file, sourceDir);
      const plain = await slice(file, false, dir, sourceDir);
      const part: ReferencePart = {
        file,
        sha256: sha256(bytes),
        triangles: geometry.triangles,
        slicer: plain.slicer,
        needs_supports: needsSupports.get(file) ?? false,
        no_supports: plain.figures,
      };
      if (part.needs_supports) part.supports = (await slice(file, true, dir, sourceDir)).figures;
      parts.push(part);
      console.error(`sliced ${file}`);
    }
    return parts;
  };
  let parts: ReferencePart[], holdout: ReferencePart[];
  try {
    if (holdoutOnly && !previous) throw new Error("--reslice-holdout needs an existing reference.json");
    parts = holdoutOnly && previous ? previous.parts : await sliceAll(PARTS_DIR);
    holdout = await sliceAll(HOLDOUT_DIR);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const reference: Reference = {
    profile: path.basename(PROFILE_PATH),
    profile_sha256: sha256(fs.readFileSync(PROFILE_PATH)),
    infill_percent: INFILL_PERCENT,
    parts,
    holdout,
  };
  fs.writeFileSync(REFERENCE_PATH, `${JSON.stringify(reference, null, 2)}\n`);
  return reference;
}

interface Row {
  file: string;
  slicer: SlicerFigures;
  weightG: number;
  timeS: number;
  /** The layer-based estimator (lib/print-estimate): supports off in the plain rows, on in the others. */
  layerWeightG: number;
  layerTimeS: number;
  sliceMs: number;
}

interface SupportCheck {
  file: string;
  marked: boolean;
  flagged: boolean;
  /** Estimated support material over the part's own (both from the layer estimator). */
  share: number;
  planMs: number;
}

const relError = (ours: number, theirs: number) => (ours - theirs) / theirs;
const pct = (x: number) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)} %`;
const minutes = (s: number) => (s / 60).toFixed(1);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function summarise(label: string, rows: Row[], pick: (r: Row) => [number, number]): string {
  const errors = rows.map((r) => ({ file: r.file, error: relError(...pick(r)) }));
  const worst = errors.reduce((a, b) => (Math.abs(b.error) > Math.abs(a.error) ? b : a));
  const medianAbs = median(errors.map((e) => Math.abs(e.error)));
  const bias = median(errors.map((e) => e.error));
  return `| ${label} | ${rows.length} | ${(medianAbs * 100).toFixed(1)} % | ${(Math.abs(worst.error) * 100).toFixed(1)} % (${worst.file}) | ${pct(bias)} |`;
}

function partTable(rows: Row[], timing = "slice ms"): string[] {
  return [
    `| part | slicer g | ours g | error | layers g | error | slicer min | ours min | error | layers min | error | ${timing} |`,
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map(
      (r) =>
        `| ${r.file} | ${r.slicer.weight_g.toFixed(2)} | ${r.weightG.toFixed(2)} | ${pct(relError(r.weightG, r.slicer.weight_g))} | ` +
        `${r.layerWeightG.toFixed(2)} | ${pct(relError(r.layerWeightG, r.slicer.weight_g))} | ` +
        `${minutes(r.slicer.time_s)} | ${minutes(r.timeS)} | ${pct(relError(r.timeS, r.slicer.time_s))} | ` +
        `${minutes(r.layerTimeS)} | ${pct(relError(r.layerTimeS, r.slicer.time_s))} | ${r.sliceMs.toFixed(0)} |`,
    ),
  ];
}

/** Our estimates (the instant one and the layer estimator) for each part, with the slicer's figures. */
async function evaluate(parts: ReferencePart[], infillPercent: number, sourceDir: string) {
  const plain: Row[] = [];
  const supported: Row[] = [];
  const checks: SupportCheck[] = [];
  // The layer estimator reads the same profile the slicer was given.
  const profile = profileFromPrusaConfig(fs.readFileSync(PROFILE_PATH, "utf8"));
  const pla = DEFAULT_CATALOG.print_3d.materials.find((m) => m.id === "pla");
  if (!pla) throw new Error("DEFAULT_CATALOG has no PLA");
  for (const part of parts) {
    const { bytes, geometry } = await measure(part.file, sourceDir);
    const [quote] = price3dPrint(geometry, { infill_percent: infillPercent, materials: ["pla"] }, DEFAULT_CATALOG);
    const mesh = await parseMesh(bytes, part.file);
    const started = performance.now();
    const summary = slicePrint(mesh, profile);
    const sliceMs = performance.now() - started;
    const layered = estimatePrint(summary, profile, { infillPercent: infillPercent });
    const grams = (mm3: number) => (mm3 / 1000) * pla.density_g_cm3;
    const ours = { weightG: quote.weight_g, timeS: quote.print_time_min * 60 };
    plain.push({
      file: part.file,
      slicer: part.no_supports,
      ...ours,
      layerWeightG: grams(layered.extruded_mm3),
      layerTimeS: layered.time_s,
      sliceMs,
    });
    // Supports: planned for every part (the NEEDS_SUPPORTS check), estimated for those sliced with them.
    const planStarted = performance.now();
    const plan = planSupports(mesh, profile);
    const planMs = performance.now() - planStarted;
    const withSupports = estimatePrint(summary, profile, { infillPercent: infillPercent, supports: plan });
    const supportMm3 = withSupports.by_feature.support.mm3 + withSupports.by_feature.support_interface.mm3;
    checks.push({
      file: part.file,
      marked: part.needs_supports,
      flagged: needsSupports(plan, profile, layered.extruded_mm3),
      share: supportMm3 / layered.extruded_mm3,
      planMs,
    });
    if (part.supports) {
      supported.push({
        file: part.file,
        slicer: part.supports,
        ...ours,
        layerWeightG: grams(withSupports.extruded_mm3),
        layerTimeS: withSupports.time_s,
        sliceMs: sliceMs + planMs,
      });
    }
  }
  return { plain, supported, checks };
}

async function main() {
  const reference = process.argv.includes("--reslice")
    ? await reslice(false)
    : process.argv.includes("--reslice-holdout")
      ? await reslice(true)
      : loadReference();
  const { plain, supported, checks } = await evaluate(reference.parts, reference.infill_percent, PARTS_DIR);
  const timed = (rows: Row[]) => rows.filter((r) => r.slicer.time_s > MIN_TIME_S);
  const weight = (r: Row): [number, number] => [r.weightG, r.slicer.weight_g];
  const time = (r: Row): [number, number] => [r.timeS, r.slicer.time_s];
  const layerWeight = (r: Row): [number, number] => [r.layerWeightG, r.slicer.weight_g];
  const layerTime = (r: Row): [number, number] => [r.layerTimeS, r.slicer.time_s];

  console.log(
    `3D print estimate vs ${reference.parts[0].slicer}: ${plain.length} parts, ${supported.length} also with supports; ` +
      `${reference.profile} (PLA, ${reference.infill_percent} % gyroid, 0.2 mm layers)\n`,
  );
  console.log(`Supports off\n\n${partTable(plain).join("\n")}\n`);
  if (supported.length > 0) {
    console.log(
      `Supports on (the instant estimate has no supports; the layer estimator plans PrusaSlicer's automatic ones)\n\n` +
        `${partTable(supported, "slice + supports ms").join("\n")}\n`,
    );
  }
  console.log(
    `NEEDS_SUPPORTS (support material >= ${NEEDS_SUPPORTS_SHARE * 100} % of the part's): flagged vs needs_supports\n`,
  );
  console.log("| part | needs_supports | flagged | support / part | plan ms |");
  console.log("| --- | --- | --- | ---: | ---: |");
  for (const c of checks) {
    const mark = c.marked === c.flagged ? "" : " ✗";
    console.log(
      `| ${c.file} | ${c.marked ? "yes" : "no"} | ${c.flagged ? "yes" : "no"}${mark} | ${(c.share * 100).toFixed(1)} % | ${c.planMs.toFixed(0)} |`,
    );
  }
  const agree = checks.filter((c) => c.marked === c.flagged).length;
  const falsePositives = checks.filter((c) => c.flagged && !c.marked).length;
  const falseNegatives = checks.filter((c) => !c.flagged && c.marked).length;
  console.log(
    `\n${agree} of ${checks.length} agree (${falsePositives} flagged but not marked, ${falseNegatives} marked but not flagged)\n`,
  );
  console.log("| measure | parts | median abs error | worst abs error | median signed error |");
  console.log("| --- | ---: | ---: | --- | ---: |");
  console.log(summarise("weight, supports off", plain, weight));
  console.log(summarise("weight, supports off, layer estimator", plain, layerWeight));
  console.log(summarise("time, supports off (slicer > 10 min)", timed(plain), time));
  console.log(summarise("time, supports off (slicer > 10 min), layer estimator", timed(plain), layerTime));
  if (supported.length > 0) {
    console.log(summarise("weight, supports on", supported, weight));
    console.log(summarise("weight, supports on, layer estimator", supported, layerWeight));
    console.log(summarise("time, supports on (slicer > 10 min)", timed(supported), time));
    console.log(summarise("time, supports on (slicer > 10 min), layer estimator", timed(supported), layerTime));
  }

  // The holdout: parts never looked at while the estimator was developed (holdout/, SOURCES.md).
  const holdout = reference.holdout ?? [];
  if (holdout.length > 0) {
    const rows = (await evaluate(holdout, reference.infill_percent, HOLDOUT_DIR)).plain;
    console.log(
      `\nHoldout, supports off: ${rows.length} parts not used to develop the estimator\n\n${partTable(rows).join("\n")}\n`,
    );
    console.log("| measure (holdout) | parts | median abs error | worst abs error | median signed error |");
    console.log("| --- | ---: | ---: | --- | ---: |");
    console.log(summarise("weight, supports off", rows, weight));
    console.log(summarise("weight, supports off, layer estimator", rows, layerWeight));
    console.log(summarise("time, supports off (slicer > 10 min)", timed(rows), time));
    console.log(summarise("time, supports off (slicer > 10 min), layer estimator", timed(rows), layerTime));
  }
}

await main();
