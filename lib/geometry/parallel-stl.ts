import fs from "node:fs";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { AppError } from "@/lib/api/app-error";
import { describeMeasuredMesh } from "./analyze";
import { STL_HEADER_BYTES, STL_RECORD_BYTES, weldBinaryStlRecords } from "./formats/stl";
import { boxOfVertices, measureFromSums, sumRange, type Box, type RangeSums } from "./measure";
import { baseNameOf } from "./text-lines";
import { countEdgeUses } from "./topology";
import type { MeshAnalysis } from "./types";
import { ASSUMED_MILLIMETRES } from "./units";
import { Float32BitsWelder } from "./weld";

/**
 * Two-core analysis of a large binary STL file (the speed target is a
 * 1M-triangle file against admesh). This thread welds the whole file, streamed
 * in 1 MB chunks that stay in cache, then counts edge uses. Meanwhile a worker
 * (workers/stl-thread.ts) reads the file on its own and measures volume, area,
 * degenerate triangles and the box straight from the records (welding changes
 * no coordinate), then counts shells on the welded indices (a SharedArrayBuffer)
 * while this thread counts edges. Welding split between two threads measured
 * slower than one: each thread paid for every corner, and the split branch
 * could not be predicted.
 * The figures equal the one-thread path's (sums may differ in the last bits).
 */

/** Below this a second thread costs more (start-up, messages) than it saves. */
export const PARALLEL_STL_MIN_TRIANGLES = 100_000;
export const PARALLEL_STL_MIN_BYTES = STL_HEADER_BYTES + STL_RECORD_BYTES * PARALLEL_STL_MIN_TRIANGLES;

/** 20,000 records, 1 MB: stays in the core's cache between the read and the weld. */
const CHUNK_RECORDS = 20_000;

export type StlThreadRequest = { type: "measure"; file: string; triangles: number } | { type: "shells"; indices: Uint32Array; vertices: number };

export type StlThreadReply =
  | { type: "measured"; sums: RangeSums; box: Box }
  | { type: "shells"; parts: number }
  | { type: "error"; code: "unreadable_file" | "internal_error"; message: string };

/** The triangle count of a file that is a binary STL (by its exact size) large enough for two threads, else null. */
export function largeBinaryStlTriangles(file: string): number | null {
  const fd = fs.openSync(file, "r");
  try {
    const size = fs.fstatSync(fd).size;
    if (size < STL_HEADER_BYTES) return null;
    const header = Buffer.alloc(STL_HEADER_BYTES);
    fs.readSync(fd, header, 0, STL_HEADER_BYTES, 0);
    const triangles = header.readUInt32LE(80);
    return size === STL_HEADER_BYTES + STL_RECORD_BYTES * triangles && triangles >= PARALLEL_STL_MIN_TRIANGLES ? triangles : null;
  } finally {
    fs.closeSync(fd);
  }
}

/** Analyses a binary STL of `triangles` triangles (see largeBinaryStlTriangles) with `thread` as the second core. */
export async function analyzeStlFileInParallel(file: string, triangles: number, thread: Worker): Promise<MeshAnalysis> {
  const asker = new ThreadAsker(thread);
  try {
    const measured = asker.ask({ type: "measure", file, triangles }, "measured");
    const indices = new Uint32Array(new SharedArrayBuffer(triangles * 12));
    const welder = new Float32BitsWelder((triangles >>> 1) + 16);
    forEachStlChunk(file, triangles, (records, first) => weldBinaryStlRecords(records, first, indices, welder));
    const vertices = welder.vertexCount;
    // Asked now, answered after the measuring: the worker takes requests in order.
    const shells = asker.ask({ type: "shells", indices, vertices }, "shells");
    const edges = countEdgeUses(indices, vertices);
    const [{ sums, box }, { parts }] = await Promise.all([measured, shells]);
    return describeMeasuredMesh(
      { format: "stl", units: ASSUMED_MILLIMETRES },
      { triangles, vertices, measured: measureFromSums(baseNameOf(path.basename(file)), triangles, sums, box), topology: { ...edges, parts } },
    );
  } finally {
    asker.close();
  }
}

/** Calls `each(records, firstTriangle)` for the file's `count` records, read in 1 MB chunks. */
export function forEachStlChunk(file: string, count: number, each: (records: Uint8Array, firstTriangle: number) => void): void {
  const chunk = new Uint8Array(CHUNK_RECORDS * STL_RECORD_BYTES);
  const fd = fs.openSync(file, "r");
  try {
    for (let done = 0; done < count; done += CHUNK_RECORDS) {
      const length = Math.min(CHUNK_RECORDS, count - done) * STL_RECORD_BYTES;
      const position = STL_HEADER_BYTES + done * STL_RECORD_BYTES;
      for (let at = 0; at < length; ) {
        const read = fs.readSync(fd, chunk, at, length - at, position + at);
        if (read === 0) throw new AppError("unreadable_file", "The STL file became shorter while it was being read.");
        at += read;
      }
      each(chunk.subarray(0, length), done);
    }
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Volume, area and degenerate sums and the box of the file's triangles, from the
 * records themselves: each chunk's corners become a small position list measured
 * by sumRange, about the file's first corner as the one-thread path does.
 */
export function measureStlFile(file: string, triangles: number): { sums: RangeSums; box: Box } {
  const corners = new Float32Array(CHUNK_RECORDS * 9);
  const identity = Uint32Array.from({ length: CHUNK_RECORDS * 3 }, (_, i) => i);
  const sums: RangeSums = { signedVolume6: 0, doubleArea: 0, degenerate: 0 };
  const box: Box = { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
  let origin: Float32Array | null = null;
  forEachStlChunk(file, triangles, (records) => {
    const view = new DataView(records.buffer, records.byteOffset, records.byteLength);
    const count = records.length / STL_RECORD_BYTES;
    for (let r = 0; r < count; r++) {
      for (let k = 0; k < 9; k++) corners[r * 9 + k] = view.getFloat32(r * STL_RECORD_BYTES + 12 + 4 * k, true);
    }
    origin ??= corners.slice(0, 3);
    const part = sumRange(corners, identity, 0, count, origin);
    sums.signedVolume6 += part.signedVolume6;
    sums.doubleArea += part.doubleArea;
    sums.degenerate += part.degenerate;
    const partBox = boxOfVertices(corners, 0, count * 3);
    for (let axis = 0; axis < 3; axis++) {
      box.min[axis] = Math.min(box.min[axis], partBox.min[axis]);
      box.max[axis] = Math.max(box.max[axis], partBox.max[axis]);
    }
  });
  return { sums, box };
}

/** Requests to the worker, answered in the order asked; an error reply or a crash rejects. */
class ThreadAsker {
  readonly #thread: Worker;
  readonly #waiting: { resolve: (reply: StlThreadReply) => void; reject: (error: Error) => void }[] = [];
  readonly #onMessage = (reply: StlThreadReply) => this.#waiting.shift()?.resolve(reply);
  readonly #onError = (error: Error) => {
    for (const waiter of this.#waiting.splice(0)) waiter.reject(error);
  };

  constructor(thread: Worker) {
    this.#thread = thread;
    thread.on("message", this.#onMessage);
    thread.on("error", this.#onError);
  }

  async ask<T extends Exclude<StlThreadReply["type"], "error">>(request: StlThreadRequest, type: T): Promise<Extract<StlThreadReply, { type: T }>> {
    const reply = new Promise<StlThreadReply>((resolve, reject) => this.#waiting.push({ resolve, reject }));
    this.#thread.postMessage(request);
    const message = await reply;
    if (message.type === "error") throw new AppError(message.code, message.message);
    if (message.type !== type) throw new AppError("internal_error", `The STL analysis thread answered ${message.type}, not ${type}.`);
    return message as Extract<StlThreadReply, { type: T }>;
  }

  close(): void {
    this.#thread.off("message", this.#onMessage);
    this.#thread.off("error", this.#onError);
  }
}
