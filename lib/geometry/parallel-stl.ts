import fs from "node:fs";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { DomainError } from "@/lib/errors";
import { describeMeasuredMesh } from "./analyze";
import { isZip } from "./detect-format";
import { binaryStlMesh, weldBinaryStlRecords } from "./formats/stl";
import { measureFromSums, sumStlRecords, type Box, type RangeSums } from "./measure";
import { PARALLEL_STL_MIN_TRIANGLES, STL_HEADER_BYTES, STL_RECORD_BYTES } from "./stl-size";
import { baseNameOf } from "./text-lines";
import {
  CHUNK_RECORDS,
  expectedStlVertices,
  FOLLOWED,
  RING_CHUNKS,
  stlArenaLayout,
  StlArenaPrefaulter,
  VERTICES,
  view,
  WELDED,
  WORKER_READY,
  type StlArenaLayout,
} from "./stl-arena";
import { EdgeUseTable, ShellUnion, type EdgeUses } from "./topology";
import type { MeshAnalysis, ParsedMesh } from "./types";
import { ASSUMED_MILLIMETRES } from "./units";
import { Float32BitsWelder } from "./weld";

/**
 * Two-core analysis of a large binary STL file (the speed target is a
 * 1M-triangle file against admesh). This thread reads the file in 1 MB chunks
 * and welds them, handing each chunk's vertex indices to a worker
 * (workers/stl-thread.ts) through a ring of RING_CHUNKS chunks. The worker adds
 * the chunk's edges to the edge-use table and joins its shells, so no triangle
 * list is kept; between chunks it reads the file on its own and measures
 * volume, area, degenerate triangles and the box straight from the records
 * (welding changes no coordinate).
 * Memory: the first touch of a fresh page costs the kernel (and on virtual
 * machines the hypervisor) microseconds; on the machines measured, faulting in
 * the ~22 MB this needs cost as much as the welding. So all of it lives in one
 * SharedArrayBuffer laid out by stlArenaLayout and is touched ahead of use by
 * StlArenaPrefaulter: by this thread while the worker starts (~50 ms), then by
 * the worker between chunks (an atomic add of 0 never changes a value the other
 * thread wrote). Welding split between two threads measured slower than one:
 * each thread paid for every corner. The figures equal the one-thread path's
 * (sums may differ in the last bits).
 */

const WARM_UP_RECORDS = 4000;
/** Progress values that say a thread stopped. */
const WELDING_FAILED = -1;
const WORKER_STOPPED = -1;
/** A worker that takes this long to free a ring slot is taken for dead (one that fails says so at once). */
const WORKER_PATIENCE_MS = 30_000;

export interface StlThreadRequest {
  file: string;
  triangles: number;
  arena: SharedArrayBuffer;
}

export interface StlFollowed {
  sums: RangeSums;
  box: Box;
  edges: EdgeUses;
  parts: number;
}

export type StlThreadReply =
  | ({ type: "followed" } & StlFollowed)
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
    return size === STL_HEADER_BYTES + STL_RECORD_BYTES * triangles && triangles >= PARALLEL_STL_MIN_TRIANGLES
      ? triangles
      : null;
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Analyses a binary STL of `triangles` triangles (see largeBinaryStlTriangles) with `thread` as the second core.
 * `filename` names the part (an upload's temp file has a name of its own).
 */
export async function analyzeStlFileInParallel(
  file: string,
  triangles: number,
  thread: Worker,
  filename = path.basename(file),
): Promise<MeshAnalysis> {
  return weldAndAnalyze(file, triangles, thread, filename, null);
}

/** A binary STL's welded vertices and triangles: what parseMesh reads from the file (weldedStlMesh names it). */
export interface WeldedStl {
  positions: Float32Array;
  indices: Uint32Array;
}

/**
 * analyzeStlFileInParallel, also keeping the welded mesh for a print estimate that may follow (lib/analyze): each
 * chunk's indices are copied out of the ring as it is welded and the positions out of the shared memory. The mesh
 * is null when parseMesh would not read the file as a binary STL (a header that starts like a zip archive).
 */
export async function analyzeAndWeldStlFileInParallel(
  file: string,
  triangles: number,
  thread: Worker,
  filename: string,
): Promise<{ analysis: MeshAnalysis; mesh: WeldedStl | null }> {
  // In shared memory, as the positions: the estimate hands both to its slicing thread without a copy.
  const indices = startsLikeZip(file) ? null : new Uint32Array(new SharedArrayBuffer(triangles * 12));
  const welded: { positions?: Float32Array } = {};
  const analysis = await weldAndAnalyze(file, triangles, thread, filename, indices, welded);
  return { analysis, mesh: indices && welded.positions ? { positions: welded.positions, indices } : null };
}

/** The ParsedMesh parseMesh gives for the file `filename` whose welded mesh is `welded`. */
export function weldedStlMesh(welded: WeldedStl, filename: string): ParsedMesh {
  return binaryStlMesh(welded.positions, welded.indices, baseNameOf(filename));
}

function startsLikeZip(file: string): boolean {
  const head = Buffer.alloc(4);
  const fd = fs.openSync(file, "r");
  try {
    return fs.readSync(fd, head, 0, head.length, 0) === head.length && isZip(head);
  } finally {
    fs.closeSync(fd);
  }
}

/** The analysis; with `indices`, also each triangle's welded corners into them and the positions into `out`. */
async function weldAndAnalyze(
  file: string,
  triangles: number,
  thread: Worker,
  filename: string,
  indices: Uint32Array | null,
  out: { positions?: Float32Array } = {},
): Promise<MeshAnalysis> {
  const layout = stlArenaLayout(triangles);
  const arena = new SharedArrayBuffer(layout.words * 4);
  const progress = view(arena, layout.progress);
  const reply = askThread(thread, { file, triangles, arena });
  const welder = new Float32BitsWelder(expectedStlVertices(triangles), {
    keys: view(arena, layout.keys),
    table: view(arena, layout.table),
  });
  try {
    warmUpWelding(file, triangles, ringChunk(arena, layout, 0));
    const prefaulter = new StlArenaPrefaulter(arena, triangles);
    while (Atomics.load(progress, WORKER_READY) === 0 && prefaulter.step(false));
    for (const [records, first] of readStlChunks(file, triangles)) {
      // The ring slot this chunk takes must have been followed (its previous chunk's triangles).
      if (!awaitFollowed(progress, first - (RING_CHUNKS - 1) * CHUNK_RECORDS)) break;
      const chunk = ringChunk(arena, layout, first);
      weldBinaryStlRecords(records, first, chunk, welder, 0);
      const welded = first + records.length / STL_RECORD_BYTES;
      Atomics.store(progress, VERTICES, welder.vertexCount);
      Atomics.store(progress, WELDED, welded);
      Atomics.notify(progress, WELDED);
      // While the worker follows this chunk.
      indices?.set(chunk.subarray(0, (welded - first) * 3), first * 3);
    }
  } catch (error) {
    Atomics.store(progress, WELDED, WELDING_FAILED);
    Atomics.notify(progress, WELDED);
    reply.catch(() => {}); // the worker stops; its answer no longer matters
    throw error;
  }
  // A worker that stopped following answers with its error.
  const { sums, box, edges, parts } = await reply;
  // A copy: a view would keep the whole shared memory alive.
  if (indices) {
    const positions = welder.positions();
    out.positions = new Float32Array(new SharedArrayBuffer(positions.byteLength));
    out.positions.set(positions);
  }
  return describeMeasuredMesh(
    { format: "stl", units: ASSUMED_MILLIMETRES },
    {
      triangles,
      vertices: welder.vertexCount,
      measured: measureFromSums(baseNameOf(filename), triangles, sums, box),
      topology: { ...edges, parts },
    },
  );
}

/**
 * The welding loop runs ~10× slower until V8 has compiled it, and the compile
 * happens on a background thread: welding the file's first records once, into
 * a throwaway welder, has that happen while the worker starts (~20 ms measured
 * off the welding itself).
 */
function warmUpWelding(file: string, triangles: number, scratch: Uint32Array): void {
  const [[records]] = readStlChunks(file, Math.min(triangles, WARM_UP_RECORDS));
  weldBinaryStlRecords(records, 0, scratch, new Float32BitsWelder(WARM_UP_RECORDS * 3), 0);
}

/** Waits until the worker has followed `triangles` triangles; false if it stopped. */
function awaitFollowed(progress: Int32Array, triangles: number): boolean {
  for (
    let followed = Atomics.load(progress, FOLLOWED);
    followed < triangles;
    followed = Atomics.load(progress, FOLLOWED)
  ) {
    if (followed === WORKER_STOPPED) return false;
    if (Atomics.wait(progress, FOLLOWED, followed, WORKER_PATIENCE_MS) === "timed-out") {
      throw new DomainError("internal_error", "The STL analysis thread stopped answering.");
    }
  }
  return true;
}

/** The ring slot of the chunk that starts at triangle `first`. */
function ringChunk(arena: SharedArrayBuffer, { ring }: StlArenaLayout, first: number): Uint32Array {
  const words = CHUNK_RECORDS * 3;
  return new Uint32Array(arena, (ring.offset + ((first / CHUNK_RECORDS) % RING_CHUNKS) * words) * 4, words);
}

/** The worker says it is ready: the welding thread stops pre-faulting and starts welding. */
export function announceStlWorkerReady(arena: SharedArrayBuffer, triangles: number): void {
  Atomics.store(view(arena, stlArenaLayout(triangles).progress), WORKER_READY, 1);
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
        if (read === 0)
          throw new DomainError("unreadable_file", "The STL file became shorter while it was being read.");
        at += read;
      }
      yield [chunk.subarray(0, length), done];
    }
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The worker's part (see the top of this file), by priority: edges and shells
 * of each welded chunk, the keys' pages ahead of the welding, the file's
 * measurements. Null if welding failed.
 */
export function followStlWelding(file: string, triangles: number, arena: SharedArrayBuffer): StlFollowed | null {
  const layout = stlArenaLayout(triangles);
  const progress = view(arena, layout.progress);
  const edges = new EdgeUseTable(view(arena, layout.edges));
  const shells = new ShellUnion(view(arena, layout.shells));
  const measuring = measureStlChunks(file, triangles);
  const prefaulter = new StlArenaPrefaulter(arena, triangles);
  let prefaulting = true;
  let measured: { sums: RangeSums; box: Box } | null = null;
  let followed = 0;
  try {
    for (;;) {
      const welded = Atomics.load(progress, WELDED);
      if (welded === WELDING_FAILED) return null;
      if (welded > followed) {
        const count = Math.min(CHUNK_RECORDS, triangles - followed);
        const indices = ringChunk(arena, layout, followed);
        const vertices = Atomics.load(progress, VERTICES);
        edges.reserve(vertices);
        edges.addTriangles(indices, 0, count);
        shells.reserve(vertices);
        shells.joinTriangles(indices, 0, count);
        followed += count;
        Atomics.store(progress, FOLLOWED, followed);
        Atomics.notify(progress, FOLLOWED);
      } else if (prefaulting) {
        prefaulting = prefaulter.step(true);
      } else if (!measured) {
        const step = measuring.next();
        if (step.done) measured = step.value;
      } else if (followed === triangles) {
        return { ...measured, edges: edges.countUses(), parts: shells.countShells(Atomics.load(progress, VERTICES)) };
      } else {
        Atomics.wait(progress, WELDED, welded, 100);
      }
    }
  } finally {
    measuring.return(undefined as never);
    if (followed !== triangles) {
      Atomics.store(progress, FOLLOWED, WORKER_STOPPED);
      Atomics.notify(progress, FOLLOWED);
    }
  }
}

/**
 * Volume, area and degenerate sums and the box of the file's triangles, a chunk
 * a step, from the records themselves (about the file's first corner, as the
 * one-thread path measures).
 */
function* measureStlChunks(file: string, triangles: number): Generator<void, { sums: RangeSums; box: Box }> {
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
function askThread(thread: Worker, request: StlThreadRequest): Promise<StlFollowed> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      thread.off("message", onMessage);
      thread.off("error", onError);
    };
    const onMessage = (reply: StlThreadReply) => {
      settle();
      if (reply.type === "error") reject(new DomainError(reply.code, reply.message));
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
