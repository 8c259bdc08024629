import fs from "node:fs";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { DomainError } from "@/lib/errors";
import { describeMeasuredMesh } from "./analyze";
import { weldBinaryStlRecords } from "./formats/stl";
import { measureFromSums, sumStlRecords, type Box, type RangeSums } from "./measure";
import { PARALLEL_STL_MIN_TRIANGLES, STL_HEADER_BYTES, STL_RECORD_BYTES } from "./stl-size";
import { baseNameOf } from "./text-lines";
import { EDGE_SLOTS_PER_VERTEX, EdgeUseTable, ShellUnion, type EdgeUses } from "./topology";
import type { MeshAnalysis } from "./types";
import { ASSUMED_MILLIMETRES } from "./units";
import { Float32BitsWelder, float32WelderInts } from "./weld";

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

/** 20,000 records, 1 MB: stays in the core's cache between the read and the weld. */
const CHUNK_RECORDS = 20_000;
const WARM_UP_RECORDS = 4000;
/** Chunks of vertex indices in flight between the welding thread and the worker. */
const RING_CHUNKS = 8;

interface Region {
  offset: number;
  length: number;
}

/** Word offsets and lengths (32-bit words) of the regions of the shared memory for one file. */
export interface StlArenaLayout {
  /** Triangles welded (or WELDING_FAILED), vertices welded, triangles followed (or WORKER_STOPPED), worker ready, next pre-fault batch. */
  progress: Region;
  ring: Region;
  keys: Region;
  table: Region;
  edges: Region;
  shells: Region;
  words: number;
}

const WELDED = 0,
  VERTICES = 1,
  FOLLOWED = 2,
  WORKER_READY = 3,
  NEXT_PREFAULT_BATCH = 4;
const WELDING_FAILED = -1;
const WORKER_STOPPED = -1;
/** A worker that takes this long to free a ring slot is taken for dead (one that fails says so at once). */
const WORKER_PATIENCE_MS = 30_000;

/** How a file of `triangles` triangles is laid out in shared memory (both threads compute it). */
export function stlArenaLayout(triangles: number): StlArenaLayout {
  const expectedVertices = expectedStlVertices(triangles);
  const welder = float32WelderInts(expectedVertices);
  const progress = { offset: 0, length: 16 };
  const ring = { offset: progress.offset + progress.length, length: RING_CHUNKS * CHUNK_RECORDS * 3 };
  const table = { offset: ring.offset + ring.length, length: welder.table };
  const keys = { offset: table.offset + table.length, length: welder.keys };
  const edges = { offset: keys.offset + keys.length, length: expectedVertices * EDGE_SLOTS_PER_VERTEX };
  const shells = { offset: edges.offset + edges.length, length: expectedVertices };
  return { progress, ring, keys, table, edges, shells, words: shells.offset + shells.length };
}

/** A closed mesh has about half as many vertices as triangles (Euler); more only makes the structures grow. */
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
      weldBinaryStlRecords(records, first, ringChunk(arena, layout, first), welder, 0);
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
  // A worker that stopped following answers with its error.
  const { sums, box, edges, parts } = await reply;
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

/** Bytes per page: one write to each makes the kernel map it. */
const PAGE_WORDS = 4096 / 4;
const BATCH_PAGES = 64;

/**
 * Touches the arena's pages in the order they will be written, 64 pages a
 * batch: the ring and the hash table (from the start), the keys (as welding
 * goes), then the edge slots and shell parents (as the worker follows).
 * Batches are claimed from a shared counter so both threads can take part: the
 * welding thread before the worker is ready, the worker for the keys left (the
 * pages it writes itself it faults as it goes). Atomics.add of 0 writes without
 * changing data.
 */
export class StlArenaPrefaulter {
  private readonly all: Int32Array;
  private readonly layout: StlArenaLayout;
  private readonly batchWords = BATCH_PAGES * PAGE_WORDS;
  private readonly startBatches: number;
  private readonly keyBatches: number;
  private readonly followerBatches: number;

  constructor(arena: SharedArrayBuffer, triangles: number) {
    this.all = new Int32Array(arena);
    this.layout = stlArenaLayout(triangles);
    const { ring, table, keys, edges, shells } = this.layout;
    this.startBatches = Math.ceil((table.offset + table.length - ring.offset) / this.batchWords);
    this.keyBatches = Math.ceil(keys.length / this.batchWords);
    this.followerBatches = Math.ceil(Math.max(edges.length, shells.length) / this.batchWords);
  }

  /** Faults the next unclaimed batch, up to the keys (`welderPagesOnly`) or all; false when none is left. */
  step(welderPagesOnly: boolean): boolean {
    const { ring, keys, edges, shells, progress } = this.layout;
    const last = this.startBatches + this.keyBatches + (welderPagesOnly ? 0 : this.followerBatches);
    const batch = Atomics.add(this.all, progress.offset + NEXT_PREFAULT_BATCH, 1);
    if (batch >= last) return false;
    if (batch < this.startBatches) {
      this.touchSlice({ offset: ring.offset, length: this.startBatches * this.batchWords }, batch, this.startBatches);
    } else if (batch < this.startBatches + this.keyBatches) {
      const slice = batch - this.startBatches;
      // Keys the welding has passed are faulted already.
      if (Atomics.load(this.all, progress.offset + VERTICES) * 3 < (slice + 1) * this.batchWords)
        this.touchSlice(keys, slice, this.keyBatches);
    } else {
      const slice = batch - this.startBatches - this.keyBatches;
      this.touchSlice(edges, slice, this.followerBatches);
      this.touchSlice(shells, slice, this.followerBatches);
    }
    return true;
  }

  /** Slice `slice` of `count` equal slices of `region`, clipped to the arena. */
  private touchSlice(region: Region, slice: number, count: number): void {
    const from = region.offset + Math.floor((region.length * slice) / count);
    const to = Math.min(this.layout.words, region.offset + Math.floor((region.length * (slice + 1)) / count));
    for (let word = from; word < to; word += PAGE_WORDS) Atomics.add(this.all, word, 0);
  }
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
