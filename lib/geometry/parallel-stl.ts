import fs from "node:fs";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { AppError } from "@/lib/api/app-error";
import { describeMeasuredMesh } from "./analyze";
import { STL_HEADER_BYTES, STL_RECORD_BYTES, weldBinaryStlRecords } from "./formats/stl";
import { measureFromSums, sumStlRecords, type Box, type RangeSums } from "./measure";
import { PARALLEL_STL_MIN_TRIANGLES } from "./parallel-stl-size";
import { baseNameOf } from "./text-lines";
import { countEdgeBuckets, countShells, settleEdgeUses, ShellUnion } from "./topology";
import type { MeshAnalysis } from "./types";
import { ASSUMED_MILLIMETRES } from "./units";
import { Float32BitsWelder, float32WelderInts } from "./weld";

/**
 * Two-core analysis of a large binary STL file (the speed target is a
 * 1M-triangle file against admesh). This thread welds the whole file, streamed
 * in 1 MB chunks that stay in cache, then settles the edge uses. A worker
 * (workers/stl-thread.ts) follows it:
 * 1. it writes to every page of memory this thread is about to use, ahead of it;
 * 2. as triangles are welded it joins them into shells and counts the edge
 *    buckets (the first pass of countEdgeUses), and in between it reads the file
 *    on its own and measures volume, area, degenerate triangles and the box
 *    straight from the records (welding changes no coordinate).
 * Why the pre-faulting: the first touch of a fresh page costs the kernel (and on
 * virtual machines the hypervisor) microseconds; on the machines measured that
 * made the ~30 MB this analysis needs cost as much as the welding itself. So all
 * of it lives in one SharedArrayBuffer laid out by stlArenaLayout, the edge
 * entries reuse the welding's memory, and the worker takes the page faults on
 * the other core (an atomic add of 0 never changes a value this thread wrote).
 * Welding split between two threads measured slower than one: each thread paid
 * for every corner. The figures equal the one-thread path's (sums may differ in
 * the last bits).
 */

/** 20,000 records, 1 MB: stays in the core's cache between the read and the weld. */
const CHUNK_RECORDS = 20_000;

interface Region {
  offset: number;
  length: number;
}

/** Word offsets and lengths (32-bit words) of the regions of the shared memory for one file. */
export interface StlArenaLayout {
  /** Triangles welded (or WELDING_FAILED), vertices welded, triangles followed by the worker (or WORKER_GAVE_UP). */
  progress: Region;
  indices: Region;
  keys: Region;
  table: Region;
  /** Edge entries, one a half-edge: the welding's keys and table once they are no longer needed, and more. */
  entries: Region;
  /** Edge bucket sizes, one a vertex and one more, counted by the worker. */
  buckets: Region;
  /** Shell union-find parents, one a vertex. */
  shells: Region;
  words: number;
}

const WELDED = 0, VERTICES = 1, FOLLOWED = 2, WORKER_READY = 3, NEXT_PREFAULT_BATCH = 4;
const WELDING_FAILED = -1;
/** The mesh has more vertices than the arena expected: the worker stops following, this thread counts. */
const WORKER_GAVE_UP = -1;

/** How a file of `triangles` triangles is laid out in shared memory (both threads compute it). */
export function stlArenaLayout(triangles: number): StlArenaLayout {
  const expectedVertices = expectedStlVertices(triangles);
  const welder = float32WelderInts(expectedVertices);
  const progress = { offset: 0, length: 16 };
  const indices = { offset: 16, length: triangles * 3 };
  const keys = { offset: indices.offset + indices.length, length: welder.keys };
  const table = { offset: keys.offset + keys.length, length: welder.table };
  const entries = { offset: keys.offset, length: Math.max(keys.length + table.length, triangles * 3) };
  const buckets = { offset: entries.offset + entries.length, length: expectedVertices + 1 };
  const shells = { offset: buckets.offset + buckets.length, length: expectedVertices };
  return { progress, indices, keys, table, entries, buckets, shells, words: shells.offset + shells.length };
}

/** A closed mesh has about half as many vertices as triangles (Euler); more only makes the welder grow. */
function expectedStlVertices(triangles: number): number {
  return (triangles >>> 1) + 16;
}

function view(arena: SharedArrayBuffer, region: Region): Int32Array {
  return new Int32Array(arena, region.offset * 4, region.length);
}

export interface StlThreadRequest {
  file: string;
  triangles: number;
  arena: SharedArrayBuffer;
}

export type StlThreadReply =
  | { type: "measured"; sums: RangeSums; box: Box; parts: number }
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
  const layout = stlArenaLayout(triangles);
  const arena = new SharedArrayBuffer(layout.words * 4);
  const progress = view(arena, layout.progress);
  const reply = askThread(thread, { file, triangles, arena });
  const indices = new Uint32Array(arena, layout.indices.offset * 4, layout.indices.length);
  const welder = new Float32BitsWelder(expectedStlVertices(triangles), { keys: view(arena, layout.keys), table: view(arena, layout.table) });
  try {
    prefaultStlArena(arena, triangles, () => Atomics.load(progress, WORKER_READY) === 1);
    for (const [records, first] of readStlChunks(file, triangles)) {
      weldBinaryStlRecords(records, first, indices, welder);
      Atomics.store(progress, VERTICES, welder.vertexCount);
      Atomics.store(progress, WELDED, first + records.length / STL_RECORD_BYTES);
      Atomics.notify(progress, WELDED);
    }
  } catch (error) {
    Atomics.store(progress, WELDED, WELDING_FAILED);
    Atomics.notify(progress, WELDED);
    reply.catch(() => {}); // the worker stops; its answer no longer matters
    throw error;
  }
  const vertices = welder.vertexCount;
  const edges = settleEdgeUses(indices, vertices, awaitBucketSizes(arena, triangles, vertices), view(arena, layout.entries));
  const { sums, box, parts } = await reply;
  return describeMeasuredMesh(
    { format: "stl", units: ASSUMED_MILLIMETRES },
    { triangles, vertices, measured: measureFromSums(baseNameOf(path.basename(file)), triangles, sums, box), topology: { ...edges, parts } },
  );
}

/** A worker that answers nothing for this long is taken for dead: this thread counts the buckets itself. */
const FOLLOWER_PATIENCE_MS = 2000;

/** The edge bucket sizes the worker counted (it trails the welding by a chunk at most), or counted here if it gave up. */
function awaitBucketSizes(arena: SharedArrayBuffer, triangles: number, vertices: number): Int32Array {
  const layout = stlArenaLayout(triangles);
  const progress = view(arena, layout.progress);
  for (let followed = Atomics.load(progress, FOLLOWED); followed !== triangles; followed = Atomics.load(progress, FOLLOWED)) {
    if (followed === WORKER_GAVE_UP || Atomics.wait(progress, FOLLOWED, followed, FOLLOWER_PATIENCE_MS) === "timed-out") {
      const sizes = new Int32Array(vertices + 1);
      countEdgeBuckets(new Uint32Array(arena, layout.indices.offset * 4, layout.indices.length), 0, triangles, sizes);
      return sizes;
    }
  }
  return view(arena, layout.buckets).subarray(0, vertices + 1);
}

/** Bytes per page: one write to each makes the kernel map it. */
const PAGE_WORDS = 4096 / 4;
const BATCH_PAGES = 64;

/**
 * Touches the arena's pages in the order the welding thread will write them
 * (its hash table, then indices and keys as they grow together, then the rest),
 * 64 pages a batch, batches claimed from a shared counter so both threads can
 * take part: the welding thread until the worker is ready (`stop`), the worker
 * for the rest. Atomics.add of 0 writes without changing data.
 */
export function prefaultStlArena(arena: SharedArrayBuffer, triangles: number, stop: () => boolean = () => false): void {
  const layout = stlArenaLayout(triangles);
  const all = new Int32Array(arena);
  const batch = BATCH_PAGES * PAGE_WORDS;
  const { indices, keys, table } = layout;
  const tableBatches = Math.ceil(table.length / batch);
  const weldBatches = Math.ceil(indices.length / batch);
  const restStart = table.offset + table.length;
  const batches = tableBatches + weldBatches + Math.ceil((layout.words - restStart) / batch);
  const keysPerIndex = keys.length / indices.length;
  const touch = (from: number, to: number) => {
    for (let word = from; word < to; word += PAGE_WORDS) Atomics.add(all, word, 0);
  };
  for (let claimed = Atomics.add(all, layout.progress.offset + NEXT_PREFAULT_BATCH, 1); claimed < batches && !stop(); claimed = Atomics.add(all, layout.progress.offset + NEXT_PREFAULT_BATCH, 1)) {
    if (claimed < tableBatches) {
      touch(table.offset + claimed * batch, table.offset + Math.min(table.length, (claimed + 1) * batch));
    } else if (claimed < tableBatches + weldBatches) {
      const at = (claimed - tableBatches) * batch;
      // Pages the welding has passed are faulted already.
      if (Atomics.load(all, layout.progress.offset + WELDED) * 3 > at + batch) continue;
      const end = Math.min(indices.length, at + batch);
      touch(indices.offset + at, indices.offset + end);
      touch(keys.offset + Math.floor(at * keysPerIndex), keys.offset + Math.floor(end * keysPerIndex));
    } else {
      const at = restStart + (claimed - tableBatches - weldBatches) * batch;
      touch(at, Math.min(layout.words, at + batch));
    }
  }
}

/** The worker says it is ready: the welding thread stops pre-faulting and starts welding. */
export function announceStlWorkerReady(arena: SharedArrayBuffer, triangles: number): void {
  Atomics.store(view(arena, stlArenaLayout(triangles).progress), WORKER_READY, 1);
}

/**
 * The worker's second job (see the top of this file): shells and edge bucket
 * sizes as triangles are welded, measuring the file's records while it waits.
 * Null if welding failed.
 */
export function followStlWelding(file: string, triangles: number, arena: SharedArrayBuffer): { sums: RangeSums; box: Box; parts: number } | null {
  const layout = stlArenaLayout(triangles);
  const progress = view(arena, layout.progress);
  const indices = new Uint32Array(arena, layout.indices.offset * 4, layout.indices.length);
  const shells = new ShellUnion(view(arena, layout.shells));
  const buckets = view(arena, layout.buckets);
  const measuring = measureStlChunks(file, triangles);
  let measured: IteratorResult<void, { sums: RangeSums; box: Box }> | null = null;
  let followed = 0;
  let following = true;
  try {
    for (;;) {
      const welded = Atomics.load(progress, WELDED);
      if (welded === WELDING_FAILED) return null;
      if (following && welded > followed) {
        if (Atomics.load(progress, VERTICES) > shells.capacity) {
          following = false;
          Atomics.store(progress, FOLLOWED, WORKER_GAVE_UP);
        } else {
          shells.joinTriangles(indices, followed, welded);
          countEdgeBuckets(indices, followed, welded, buckets);
          followed = welded;
          Atomics.store(progress, FOLLOWED, followed);
        }
        Atomics.notify(progress, FOLLOWED);
      } else if (!measured?.done) {
        measured = measuring.next();
      } else if (welded === triangles) {
        const vertices = Atomics.load(progress, VERTICES);
        return { ...measured.value, parts: following ? shells.countShells(vertices) : countShells(indices, vertices) };
      } else {
        Atomics.wait(progress, WELDED, welded, 100);
      }
    }
  } finally {
    measuring.return(undefined as never);
    if (followed !== triangles) {
      Atomics.store(progress, FOLLOWED, WORKER_GAVE_UP);
      Atomics.notify(progress, FOLLOWED);
    }
  }
}

/** The file's `count` records in 1 MB chunks, each with the index of its first triangle. */
export function* readStlChunks(file: string, count: number): Generator<[records: Uint8Array, firstTriangle: number]> {
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
      yield [chunk.subarray(0, length), done];
    }
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Volume, area and degenerate sums and the box of the file's triangles, a chunk
 * a step, from the records themselves (about the file's first corner, as the
 * one-thread path measures).
 */
export function* measureStlChunks(file: string, triangles: number): Generator<void, { sums: RangeSums; box: Box }> {
  const sums: RangeSums = { signedVolume6: 0, doubleArea: 0, degenerate: 0 };
  const box: Box = { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
  let origin: [number, number, number] | null = null;
  for (const [records] of readStlChunks(file, triangles)) {
    const data = new DataView(records.buffer, records.byteOffset, records.byteLength);
    origin ??= [data.getFloat32(12, true), data.getFloat32(16, true), data.getFloat32(20, true)];
    sumStlRecords(data, records.length / STL_RECORD_BYTES, origin, sums, box);
    yield;
  }
  return { sums, box };
}

/** Sends the worker its one request; its error reply or a crash rejects. */
function askThread(thread: Worker, request: StlThreadRequest): Promise<Extract<StlThreadReply, { type: "measured" }>> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      thread.off("message", onMessage);
      thread.off("error", onError);
    };
    const onMessage = (reply: StlThreadReply) => {
      settle();
      if (reply.type === "error") reject(new AppError(reply.code, reply.message));
      else resolve(reply);
    };
    const onError = (error: Error) => {
      settle();
      reject(error);
    };
    thread.on("message", onMessage);
    thread.on("error", onError);
    thread.postMessage(request);
  });
}
