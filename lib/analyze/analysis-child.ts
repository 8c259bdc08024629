// The entry of an analysis child process (bundled to dist/analysis-child.mjs, run by
// lib/analyze/analysis-pool.ts). It reads each file from disk itself, so the bytes never cross
// processes, and answers plain data: errors as their code and message, because a DomainError does not
// survive the trip.
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { Worker } from "node:worker_threads";
import { isDomainError } from "@/lib/errors";
import { logError } from "@/lib/log";
import { resolveFromRoot } from "@/lib/paths";
import type { ParsedMesh } from "@/lib/geometry";
import { analyzeFile, toStoredAnalysis, type FileAnalysis } from "./analyze-file";
import {
  KEEP_MESH_MS,
  TOO_LARGE_MESSAGE,
  WARM_UP_FLAG,
  type AnalysisReply,
  type AnalysisResults,
  type AnalysisTask,
  type EstimateProfile,
  type MetadataTaskInput,
} from "./analysis-task";
import { KeptMesh } from "./kept-mesh";
import { warmUpLaser, warmUpPrintEstimate } from "./warm-up";

async function readBytes(file: string): Promise<Uint8Array> {
  const bytes = await fs.readFile(file);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The second thread of a large STL, started ahead (a thread takes ~50 ms to be ready) and replaced after each use. */
let spareThread: Worker | null = null;
const startSpareThread = () => {
  spareThread = new Worker(resolveFromRoot("dist/stl-thread.cjs"));
  spareThread.unref();
};

/** The welded mesh of the last large binary STL analysed, for the estimate that may follow (kept-mesh.ts). */
const keptMesh = new KeptMesh(KEEP_MESH_MS);

async function analyze(file: string, filename: string, sha256: string | undefined): Promise<FileAnalysis> {
  // A large binary STL is measured on two cores, as `bengkel analyze` does (lib/geometry/parallel-stl.ts).
  if (/\.stl$/i.test(filename)) {
    const { analyzeAndWeldStlFileInParallel, analyzeStlFileInParallel, largeBinaryStlTriangles } = await import(
      "@/lib/geometry"
    );
    const triangles = largeBinaryStlTriangles(file);
    if (triangles !== null) {
      const thread = spareThread ?? new Worker(resolveFromRoot("dist/stl-thread.cjs"));
      spareThread = null;
      try {
        if (sha256 === undefined) return await analyzeStlFileInParallel(file, triangles, thread, filename);
        const { analysis, mesh } = await analyzeAndWeldStlFileInParallel(file, triangles, thread, filename);
        if (mesh) keptMesh.keep(sha256, mesh);
        return analysis;
      } finally {
        await thread.terminate();
        startSpareThread();
      }
    }
  }
  // Only the measurements are stored (toStoredAnalysis): a drawing's display contours are not built.
  return analyzeFile(await readBytes(file), filename, { contours: false });
}

/** The viewer's form of a version, written aside and renamed so a reader never sees half a file. */
async function buildDisplay(file: string, filename: string, fileKind: "mesh" | "laser", out: string): Promise<number> {
  const bytes = await readBytes(file);
  let built: Uint8Array;
  if (fileKind === "mesh") {
    const [{ parseMesh }, { buildDisplayMesh }] = await Promise.all([
      import("@/lib/geometry"),
      import("@/lib/viewer/build-display-mesh"),
    ]);
    built = await buildDisplayMesh(await parseMesh(bytes, filename));
  } else {
    const { buildDisplayDrawing } = await import("@/lib/viewer/build-display-drawing");
    built = Buffer.from(JSON.stringify(await buildDisplayDrawing(bytes, filename)));
  }
  await fs.mkdir(path.dirname(out), { recursive: true });
  const temp = `${out}.${randomBytes(6).toString("hex")}.tmp`;
  await fs.writeFile(temp, built);
  await fs.rename(temp, out);
  return built.byteLength;
}

/** Contours of a drawing (hole diameters, parts) and the texts in the file, for metadata and search. */
async function extract(file: string, filename: string, input: MetadataTaskInput): Promise<AnalysisResults["metadata"]> {
  const [{ extractMetadata }, { readSourceTexts }] = await Promise.all([
    import("@/lib/metadata/extract-metadata"),
    import("@/lib/metadata/read-source-texts"),
  ]);
  const bytes = await readBytes(file);
  const contours =
    input.fileKind === "laser"
      ? (await (await import("@/lib/laser")).analyzeDrawing(bytes, filename)).contours
      : undefined;
  const texts = readSourceTexts(bytes, input.format);
  return {
    metadata: extractMetadata({ name: input.name, tags: input.tags, analysis: input.analysis, contours, texts }),
    texts,
  };
}

/**
 * The second thread of a large mesh's print estimate (lib/print-estimate/parallel-slice.ts): started with
 * the child and kept, so the warm-up leaves it optimised; replaced if a share fails. Null when the bundle
 * is missing (run from sources): the estimate then runs on one thread.
 */
let sliceThread: Worker | null = null;
const startSliceThread = () => {
  const file = resolveFromRoot("dist/slice-thread.cjs");
  if (!existsSync(file)) return;
  const thread = new Worker(file);
  thread.unref();
  // A thread that fails between shares (out of memory) is replaced; one that fails in a share, too (estimate()).
  thread.on("error", (error) => {
    logError("print estimate: the slicing thread stopped", { error });
    replaceSliceThread(thread);
  });
  sliceThread = thread;
};
const replaceSliceThread = (thread: Worker) => {
  if (sliceThread !== thread) return;
  void thread.terminate();
  startSliceThread();
};

/** Slices the mesh once per distinct print profile (an analysis child's time and memory limits apply). */
async function estimate(
  { positions, indices }: Pick<ParsedMesh, "positions" | "indices">,
  profiles: EstimateProfile[],
): Promise<AnalysisResults["estimate"]> {
  const [{ basisKey, measurePrint, measurePrintOnTwoThreads }, { PARALLEL_SLICE_MIN_TRIANGLES }] = await Promise.all([
    import("@/lib/print-estimate/measure-print"),
    import("@/lib/print-estimate/parallel-slice"),
  ]);
  // Only the arrays: an object of the same shape as the warm-up's meshes keeps the optimised code valid.
  const mesh = { positions, indices };
  const out: AnalysisResults["estimate"] = {};
  // Families whose profiles differ only in speeds, cooling and the like (PLA, nylon) share one slicing.
  const byBasis = new Map<string, string>();
  for (const profile of profiles) {
    const basis = basisKey(profile.process, profile.settings);
    const shared = byBasis.get(basis);
    if (shared !== undefined) {
      out[profile.key] = out[shared];
      continue;
    }
    byBasis.set(basis, profile.key);
    const thread = mesh.indices.length / 3 >= PARALLEL_SLICE_MIN_TRIANGLES ? sliceThread : null;
    if (!thread) {
      out[profile.key] = measurePrint(mesh, profile.process, profile.settings);
      continue;
    }
    try {
      out[profile.key] = await measurePrintOnTwoThreads(mesh, profile.process, profile.settings, thread);
    } catch (error) {
      // The figures do not depend on the thread: a failed share is measured again here.
      logError("print estimate: slicing on two threads failed; slicing on one thread", { error });
      replaceSliceThread(thread);
      out[profile.key] = measurePrint(mesh, profile.process, profile.settings);
    }
  }
  return out;
}

async function run(task: AnalysisTask): Promise<AnalysisResults[AnalysisTask["kind"]]> {
  // The kept mesh goes to the estimate of its content; any other task frees its memory first.
  if (task.kind !== "estimate" && task.kind !== "kept-estimate") keptMesh.drop();
  switch (task.kind) {
    case "analyze":
      return toStoredAnalysis(await analyze(task.path, task.filename, task.sha256));
    case "display":
      return buildDisplay(task.path, task.filename, task.fileKind, task.out);
    case "metadata":
      return extract(task.path, task.filename, task.input);
    case "estimate":
    case "kept-estimate": {
      // The mesh this child welded when the same bytes were uploaded is what parsing them again would give.
      const kept = keptMesh.take(task.sha256);
      const { parseMesh, weldedStlMesh } = await import("@/lib/geometry");
      if (kept) return estimate(weldedStlMesh(kept, task.filename), task.profiles);
      if (task.kind === "kept-estimate") return null;
      return estimate(await parseMesh(await readBytes(task.path), task.filename), task.profiles);
    }
  }
}

async function answer(task: AnalysisTask): Promise<AnalysisReply> {
  try {
    const value = await run(task);
    return task.kind === "analyze" && keptMesh.holds(task.sha256)
      ? { ok: true, value, meshKept: true }
      : { ok: true, value };
  } catch (error) {
    if (isDomainError(error)) {
      return {
        ok: false,
        error: { code: error.code, message: error.message, param: error.param, details: error.details },
      };
    }
    // A hostile file can ask for an array or buffer larger than V8 will make.
    if (error instanceof RangeError && /array|buffer|allocation|string length/i.test(error.message)) {
      return { ok: false, error: { code: "analysis_too_large", message: TOO_LARGE_MESSAGE } };
    }
    return { ok: false, crash: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

/** Jobs received and not yet answered: the warm-up runs only while there are none. */
let running = 0;

// When the server goes (even by kill -9) the IPC channel closes: leave with it, never orphaned.
process.on("disconnect", () => process.exit(0));
process.on("message", (task: AnalysisTask) => {
  running++;
  void answer(task).then((reply) => {
    running--;
    process.send?.(reply);
  });
});
startSpareThread();
startSliceThread();
process.send?.({ ready: true });
if (process.argv.includes(WARM_UP_FLAG))
  void warmUpLaser(() => running > 0).then(() => warmUpPrintEstimate(() => running > 0, sliceThread));
