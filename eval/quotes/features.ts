/**
 * Per-feature comparison with PrusaSlicer (issue #15): `npx tsx eval/quotes/features.ts DIR [PART…]`.
 * For each corpus part (or those whose name contains one of PART…) it reads DIR/NAME.gcode, slicing the
 * part there with profile.ini first if the file is missing (needs `prusa-slicer`), sums the extruded
 * volume of every ;TYPE: section (ΣE × filament cross-section, relative E) and prints it beside the
 * layer estimator's by_feature, in cm³: "ours/slicer". Tells which feature an error comes from.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseMesh } from "@/lib/geometry";
import { estimatePrint, profileFromPrusaConfig, slicePrint, type Feature } from "@/lib/print-estimate";
import { PARTS_DIR, PROFILE_PATH, listPartFiles } from "./reference";

/** PrusaSlicer's ;TYPE: names, as our features ("gap_fill" has none: Arachne leaves no gaps). */
const TYPES: Record<string, Feature | "gap_fill"> = {
  "External perimeter": "external_perimeter",
  "Overhang perimeter": "external_perimeter",
  Perimeter: "perimeter",
  "Internal infill": "sparse",
  "Solid infill": "solid",
  "Top solid infill": "top_solid",
  "Bridge infill": "bridge",
  "Gap fill": "gap_fill",
  "Skirt/Brim": "skirt",
};
const COLUMNS = [
  "external_perimeter",
  "perimeter",
  "gap_fill",
  "sparse",
  "solid",
  "top_solid",
  "bridge",
  "skirt",
] as const;

/** Extruded filament (mm) per feature: positive E of moves in X/Y, by the ;TYPE: they follow. */
function filamentByFeature(gcode: string): Map<string, number> {
  const out = new Map<string, number>();
  let type = "";
  for (const line of gcode.split("\n")) {
    if (line.startsWith(";TYPE:")) type = TYPES[line.slice(6).trim()] ?? line.slice(6).trim();
    else if (line.startsWith("G1 ") && / [XY]-?[\d.]/.test(line)) {
      const e = / E(-?[\d.]+)/.exec(line);
      if (e && Number(e[1]) > 0) out.set(type, (out.get(type) ?? 0) + Number(e[1]));
    }
  }
  return out;
}

const [dir, ...only] = process.argv.slice(2);
if (!dir) throw new Error("usage: npx tsx eval/quotes/features.ts DIR [PART…]");
fs.mkdirSync(dir, { recursive: true });
const profile = profileFromPrusaConfig(fs.readFileSync(PROFILE_PATH, "utf8"));
const filamentArea = Math.PI * (profile.filamentDiameter / 2) ** 2;
const totals = new Map<string, [number, number]>();
const cm3 = (mm3: number) => (mm3 / 1000).toFixed(2);

console.log(`| part | ${COLUMNS.join(" | ")} | total |`);
console.log(`| --- |${" ---: |".repeat(COLUMNS.length + 1)}`);
for (const file of listPartFiles()) {
  const name = path.parse(file).name;
  if (only.length > 0 && !only.some((o) => name.includes(o))) continue;
  const gcodeFile = path.join(dir, `${name}.gcode`);
  if (!fs.existsSync(gcodeFile)) {
    execFileSync(
      "prusa-slicer",
      ["--export-gcode", "--load", PROFILE_PATH, "-o", gcodeFile, path.join(PARTS_DIR, file)],
      { stdio: "ignore" },
    );
  }
  const theirs = filamentByFeature(fs.readFileSync(gcodeFile, "utf8"));
  const mesh = await parseMesh(new Uint8Array(fs.readFileSync(path.join(PARTS_DIR, file))), file);
  const ours = estimatePrint(slicePrint(mesh, profile), profile).by_feature as Record<string, { mm3: number }>;
  let sumOurs = 0,
    sumTheirs = 0;
  const cells = COLUMNS.map((c) => {
    const o = ours[c]?.mm3 ?? 0,
      t = (theirs.get(c) ?? 0) * filamentArea;
    sumOurs += o;
    sumTheirs += t;
    const total = totals.get(c) ?? [0, 0];
    totals.set(c, [total[0] + o, total[1] + t]);
    return `${cm3(o)}/${cm3(t)}`;
  });
  console.log(
    `| ${name} | ${cells.join(" | ")} | ${cm3(sumOurs)}/${cm3(sumTheirs)} (${(((sumOurs - sumTheirs) / sumTheirs) * 100).toFixed(1)} %) |`,
  );
}
console.log(
  `| all | ${COLUMNS.map((c) => `${cm3(totals.get(c)?.[0] ?? 0)}/${cm3(totals.get(c)?.[1] ?? 0)}`).join(" | ")} | |`,
);
