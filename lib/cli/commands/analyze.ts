import fs from "node:fs";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { analyzeFile, type FileAnalysis } from "@/lib/analyze/analyze-file";
import { writeDrawingJson } from "../drawing-json";
import { printResult, toStdout, UsageError } from "../output";

/** `stlThread`: the second thread main.ts started for a large STL (see stl-thread-start.ts), or null. */
export async function runAnalyze(args: string[], flags: { json: boolean }, stlThread: Worker | null): Promise<void> {
  const file = args[0];
  if (!file) throw new UsageError("usage: bengkel analyze FILE [--json]");
  const result = (stlThread && (await analyzeLargeStl(file, stlThread))) ?? (await analyzeWholeFile(file));
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
      .concat(
        `bbox_mm                ${Object.values(result.geometry.bbox_mm)
          .map((v) => v.toFixed(3))
          .join(" × ")}`,
      )
      .join("\n"),
  );
}

async function analyzeWholeFile(file: string): Promise<FileAnalysis> {
  // A view on the Buffer, not a copy: a 1M-triangle STL is ~50 MB.
  const buffer = await fs.promises.readFile(file);
  return analyzeFile(new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength), path.basename(file));
}

/** A binary STL of 100,000+ triangles is analysed on two cores, streamed from disk (lib/geometry/parallel-stl.ts). */
async function analyzeLargeStl(file: string, thread: Worker): Promise<FileAnalysis | null> {
  try {
    const { analyzeStlFileInParallel, largeBinaryStlTriangles } = await import("@/lib/geometry");
    const triangles = largeBinaryStlTriangles(file);
    return triangles === null ? null : await analyzeStlFileInParallel(file, triangles, thread);
  } finally {
    await thread.terminate();
  }
}
