import fs from "node:fs";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { AppError } from "@/lib/api/app-error";
import { describeMeasuredMesh } from "./analyze";
import { OTHER_SHARE, STL_HEADER_BYTES, STL_RECORD_BYTES, type StlShare, weldBinaryStlRecords } from "./formats/stl";
import { measureFromSums, type Box, type RangeSums } from "./measure";
import { baseNameOf } from "./text-lines";
import { countEdgeUses } from "./topology";
import type { MeshAnalysis } from "./types";
import { ASSUMED_MILLIMETRES } from "./units";
import { Float32BitsWelder } from "./weld";

/**
 * Two-core analysis of a large binary STL file (the speed target is a
 * 1M-triangle file against admesh; one core is not enough). This thread and a
 * worker (workers/stl-thread.ts) each stream the file in small chunks — which
 * stay in cache, unlike one fresh 50 MB buffer — and weld their share of the
 * vertices (weldBinaryStlRecords) into their own index array. Each then merges
 * half of the corners into this thread's array (SharedArrayBuffers, like the
 * welded positions); this thread counts edge uses while the worker measures
 * and counts shells.
 * The figures equal the one-thread path's (sums may differ in the last bits).
 */

/** Below this a second thread costs more (start-up, messages) than it saves. */
export const PARALLEL_STL_MIN_TRIANGLES = 100_000;
export const PARALLEL_STL_MIN_BYTES = STL_HEADER_BYTES + STL_RECORD_BYTES * PARALLEL_STL_MIN_TRIANGLES;

/**
 * Share 0 (this thread) welds this many 256ths of the vertices: the worker
 * starts ~40 ms later and has the measuring to do afterwards.
 */
const MAIN_SHARE_SPLIT = 128;

/** 20,000 records, 1 MB: stays in the core's cache between the read and the weld. */
const CHUNK_RECORDS = 20_000;

/** Flags in the shared `sync` array: which thread has merged its half of the corners. */
export const MAIN_MERGED = 0;
export const WORKER_MERGED = 1;
/** A worker that never signals has crashed; fail instead of hanging. */
const SIGNAL_TIMEOUT_MS = 60_000;

export type StlThreadRequest =
  | { type: "weld"; file: string; triangles: number; share: StlShare }
  | { type: "finish"; positions: Float32Array; indices: Uint32Array; otherIndices: Uint32Array; otherOffset: number; sync: Int32Array };

export type StlThreadReply =
  | { type: "welded"; positions: Float32Array; indices: Uint32Array }
  | { type: "finished"; sums: RangeSums; box: Box; parts: number }
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
  const welded = ask(thread, { type: "weld", file, triangles, share: { index: 1, split: MAIN_SHARE_SPLIT } });
  const indices = new Uint32Array(new SharedArrayBuffer(triangles * 12));
  const ownWelder = weldStlFileShare(file, indices, { index: 0, split: MAIN_SHARE_SPLIT });
  const other = await welded("welded");
  const ownPositions = ownWelder.positions();
  const otherOffset = ownWelder.vertexCount;
  const vertices = otherOffset + other.positions.length / 3;
  const positions = new Float32Array(new SharedArrayBuffer(vertices * 12));
  positions.set(ownPositions);
  positions.set(other.positions, ownPositions.length);

  const sync = new Int32Array(new SharedArrayBuffer(8));
  const finished = ask(thread, { type: "finish", positions, indices, otherIndices: other.indices, otherOffset, sync });
  mergeShares(indices, other.indices, 0, halfOfCorners(indices), otherOffset);
  signal(sync, MAIN_MERGED);
  waitFor(sync, WORKER_MERGED);
  const edges = countEdgeUses(indices, vertices);
  const { sums, box, parts } = await finished("finished");

  return describeMeasuredMesh(
    { format: "stl", units: ASSUMED_MILLIMETRES },
    { triangles, vertices, measured: measureFromSums(baseNameOf(path.basename(file)), triangles, sums, box), topology: { ...edges, parts } },
  );
}

/** Reads the records in chunks and welds this share's vertices into a new welder. */
export function weldStlFileShare(file: string, indices: Uint32Array, share: StlShare): Float32BitsWelder {
  const triangles = indices.length / 3;
  const share0 = share.split / 256;
  const welder = new Float32BitsWelder(Math.ceil((triangles / 2) * (share.index === 0 ? share0 : 1 - share0)) + 16);
  const chunk = new Uint8Array(CHUNK_RECORDS * STL_RECORD_BYTES);
  const fd = fs.openSync(file, "r");
  try {
    for (let first = 0; first < triangles; first += CHUNK_RECORDS) {
      const length = Math.min(CHUNK_RECORDS, triangles - first) * STL_RECORD_BYTES;
      for (let at = 0; at < length; ) {
        const read = fs.readSync(fd, chunk, at, length - at, STL_HEADER_BYTES + first * STL_RECORD_BYTES + at);
        if (read === 0) throw new AppError("unreadable_file", "The STL file became shorter while it was being read.");
        at += read;
      }
      weldBinaryStlRecords(chunk.subarray(0, length), first, indices, welder, share);
    }
  } finally {
    fs.closeSync(fd);
  }
  return welder;
}

/** The first half of the corners is this thread's to merge, the rest the worker's. */
export function halfOfCorners(indices: Uint32Array): number {
  return Math.floor(indices.length / 6) * 3;
}

/** Fills share 1's corners into share 0's index array, numbering share 1's vertices after share 0's. */
export function mergeShares(indices: Uint32Array, otherIndices: Uint32Array, start: number, end: number, otherOffset: number): void {
  for (let i = start; i < end; i++) {
    if (indices[i] === OTHER_SHARE) indices[i] = otherIndices[i] + otherOffset;
  }
}

export function signal(sync: Int32Array, flag: number): void {
  Atomics.store(sync, flag, 1);
  Atomics.notify(sync, flag);
}

export function waitFor(sync: Int32Array, flag: number): void {
  if (Atomics.wait(sync, flag, 0, SIGNAL_TIMEOUT_MS) === "timed-out") {
    throw new AppError("internal_error", "The STL analysis thread stopped answering.");
  }
}

/** Posts a request now; the returned function awaits the reply of the expected type (an error reply or a crash rejects). */
function ask(thread: Worker, request: StlThreadRequest) {
  const reply = new Promise<StlThreadReply>((resolve, reject) => {
    const onMessage = (message: StlThreadReply) => {
      thread.off("error", onError);
      resolve(message);
    };
    const onError = (error: Error) => {
      thread.off("message", onMessage);
      reject(error);
    };
    thread.once("message", onMessage);
    thread.once("error", onError);
  });
  thread.postMessage(request);
  return async <T extends StlThreadReply["type"]>(type: T): Promise<Extract<StlThreadReply, { type: T }>> => {
    const message = await reply;
    if (message.type === "error") throw new AppError(message.code, message.message);
    if (message.type !== type) throw new AppError("internal_error", `The STL analysis thread answered ${message.type}, not ${type}.`);
    return message as Extract<StlThreadReply, { type: T }>;
  };
}
