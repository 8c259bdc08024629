/**
 * Measures every DWG that has a DXF twin (same name, same folder) with the laser engine and prints the
 * figures side by side, flagging what differs (issue #18: DWG against the same drawing saved as DXF).
 *
 * Usage: npx tsx tools/compare-dwg-dxf.ts DIR [--json]
 * Walks DIR recursively; one DWG at a time (each conversion is a child process).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { isDomainError } from "@/lib/errors";
import { analyzeDrawing } from "@/lib/laser";

interface Figures {
  cut_length_mm: number;
  pierce_count: number;
  contours: number;
  open_contours: number;
  bbox_mm: { x: number; y: number };
  ignored: Record<string, number>;
}

type Outcome = Figures | { error: string; message: string };

async function measure(file: string): Promise<Outcome> {
  try {
    const { geometry: g } = await analyzeDrawing(new Uint8Array(readFileSync(file)), path.basename(file));
    const { cut_length_mm, pierce_count, contours, open_contours, bbox_mm, ignored } = g;
    return { cut_length_mm, pierce_count, contours, open_contours, bbox_mm, ignored };
  } catch (error) {
    if (isDomainError(error)) return { error: error.code, message: error.message };
    throw error;
  }
}

function twins(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...twins(full));
    else if (name.endsWith(".dwg")) {
      const dxf = full.replace(/\.dwg$/, ".dxf");
      try {
        if (statSync(dxf).size > 0) out.push(full.replace(/\.dwg$/, ""));
      } catch {
        // no twin: nothing to compare
      }
    }
  }
  return out;
}

const relDiff = (a: number, b: number) => (a === b ? 0 : Math.abs(a - b) / Math.max(Math.abs(b), 1e-9));

/** The figures that disagree, as "name dwg≠dxf"; empty when the twins agree to 1e-6 relative. */
function differences(dwg: Outcome, dxf: Outcome): string[] {
  if ("error" in dwg || "error" in dxf) {
    const code = (o: Outcome) => ("error" in o ? o.error : "measured");
    return code(dwg) === code(dxf) ? [] : [`outcome ${code(dwg)}≠${code(dxf)}`];
  }
  const diffs: string[] = [];
  const num = (name: string, a: number, b: number) => {
    if (relDiff(a, b) > 1e-6) diffs.push(`${name} ${+a.toFixed(4)}≠${+b.toFixed(4)}`);
  };
  num("cut", dwg.cut_length_mm, dxf.cut_length_mm);
  num("pierces", dwg.pierce_count, dxf.pierce_count);
  num("contours", dwg.contours, dxf.contours);
  num("open", dwg.open_contours, dxf.open_contours);
  num("bbox.x", dwg.bbox_mm.x, dxf.bbox_mm.x);
  num("bbox.y", dwg.bbox_mm.y, dxf.bbox_mm.y);
  for (const key of new Set([...Object.keys(dwg.ignored), ...Object.keys(dxf.ignored)])) {
    num(`ignored.${key}`, dwg.ignored[key] ?? 0, dxf.ignored[key] ?? 0);
  }
  return diffs;
}

const dir = process.argv[2];
if (!dir) {
  console.error("usage: npx tsx tools/compare-dwg-dxf.ts DIR [--json]");
  process.exit(2);
}
const rows = [];
for (const base of twins(dir)) {
  const dwg = await measure(`${base}.dwg`);
  const dxf = await measure(`${base}.dxf`);
  const row = { pair: path.relative(dir, base), dwg, dxf, differences: differences(dwg, dxf) };
  rows.push(row);
  if (!process.argv.includes("--json")) {
    const show = (o: Outcome) =>
      "error" in o ? o.error : `${o.cut_length_mm.toFixed(3)} mm, ${o.pierce_count} pierces, ${o.open_contours} open`;
    console.log(`${row.pair}: DWG ${show(dwg)} | DXF ${show(dxf)}`);
    console.log(`  ${row.differences.length ? row.differences.join("; ") : "agree"}`);
  }
}
if (process.argv.includes("--json")) console.log(JSON.stringify(rows, null, 2));
