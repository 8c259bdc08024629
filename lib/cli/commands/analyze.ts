import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { analyzeFile, type FileAnalysis } from "@/lib/analyze/analyze-file";
import { PARALLEL_STL_MIN_BYTES } from "@/lib/geometry/parallel-stl";
import { writeDrawingJson } from "../drawing-json";
import { printResult, toStdout, UsageError } from "../output";

export async function runAnalyze(args: string[], flags: { json: boolean }): Promise<void> {
  const file = args[0];
  if (!file) throw new UsageError("usage: bengkel analyze FILE [--json]");
  const result = (await analyzeLargeStl(file)) ?? (await analyzeWholeFile(file));
  if (flags.json && result.kind === "laser") {
    // A sheet's contours are most of the output: written straight to stdout, not built as one string.
    writeDrawingJson(result, toStdout);
    process.stdout.write("\n");
    return;
  }
  printResult(result, flags.json, () =>
    Object.entries(result.geometry)
      .filter(([, v]) => typeof v !== "object" || v === null)
      .map(([k, v]) => `${k.padEnd(22)} ${v}`)
      .concat(`bbox_mm                ${Object.values(result.geometry.bbox_mm).map((v) => v.toFixed(3)).join(" × ")}`)
      .join("\n"),
  );
}

async function analyzeWholeFile(file: string): Promise<FileAnalysis> {
  // A view on the Buffer, not a copy: a 1M-triangle STL is ~50 MB.
  const buffer = await fs.promises.readFile(file);
  return analyzeFile(new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength), path.basename(file));
}

/**
 * A binary STL of 100,000+ triangles is analysed on two cores, streamed from
 * disk (lib/geometry/parallel-stl.ts). The second thread is the bundled
 * dist/stl-thread.mjs: run from sources there is none, and one core does it all.
 */
async function analyzeLargeStl(file: string): Promise<FileAnalysis | null> {
  const workerFile = new URL("./stl-thread.mjs", import.meta.url);
  const size = fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  if (!/\.stl$/i.test(file) || size < PARALLEL_STL_MIN_BYTES || !fs.existsSync(fileURLToPath(workerFile))) return null;
  // Started before anything else, so its start-up overlaps our reading.
  const thread = new Worker(workerFile);
  try {
    const { analyzeStlFileInParallel, largeBinaryStlTriangles } = await import("@/lib/geometry");
    const triangles = largeBinaryStlTriangles(file);
    return triangles === null ? null : await analyzeStlFileInParallel(file, triangles, thread);
  } finally {
    await thread.terminate();
  }
}
