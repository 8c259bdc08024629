// The entry of an analysis child process (bundled to dist/analysis-child.mjs, run by
// lib/analyze/analysis-pool.ts). It reads each upload from disk itself, so the bytes never
// cross processes, and answers plain data: errors as their code and message, because an
// AppError does not survive the trip.
import fs from "node:fs/promises";
import { Worker } from "node:worker_threads";
import { isAppError } from "@/lib/api/app-error";
import { resolveFromRoot } from "@/lib/paths";
import { analyzeFile, toStoredAnalysis, type FileAnalysis } from "./analyze-file";
import { TOO_LARGE_MESSAGE, type AnalysisReply, type AnalysisTask } from "./analysis-task";

async function analyzeTask(task: AnalysisTask): Promise<FileAnalysis> {
  // A large binary STL is measured on two cores, as `bengkel analyze` does (lib/geometry/parallel-stl.ts).
  if (/\.stl$/i.test(task.filename)) {
    const { analyzeStlFileInParallel, largeBinaryStlTriangles } = await import("@/lib/geometry");
    const triangles = largeBinaryStlTriangles(task.path);
    if (triangles !== null) {
      const thread = new Worker(resolveFromRoot("dist/stl-thread.cjs"));
      try {
        return await analyzeStlFileInParallel(task.path, triangles, thread, task.filename);
      } finally {
        await thread.terminate();
      }
    }
  }
  const bytes = await fs.readFile(task.path);
  return analyzeFile(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), task.filename);
}

async function answer(task: AnalysisTask): Promise<AnalysisReply> {
  try {
    return { ok: true, analysis: toStoredAnalysis(await analyzeTask(task)) };
  } catch (error) {
    if (isAppError(error)) {
      return { ok: false, error: { code: error.code, message: error.message, param: error.param, details: error.details } };
    }
    // A hostile file can ask for an array or buffer larger than V8 will make.
    if (error instanceof RangeError && /array|buffer|allocation|string length/i.test(error.message)) {
      return { ok: false, error: { code: "analysis_too_large", message: TOO_LARGE_MESSAGE } };
    }
    throw error;
  }
}

// When the server goes (even by kill -9) the IPC channel closes: leave with it, never orphaned.
process.on("disconnect", () => process.exit(0));
process.on("message", (task: AnalysisTask) => {
  answer(task).then(
    (reply) => process.send?.(reply),
    (error: Error) => process.send?.({ ok: false, crash: `${error.name}: ${error.message}` }),
  );
});
process.send?.({ ready: true });
