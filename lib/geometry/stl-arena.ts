import { EDGE_SLOTS_PER_VERTEX } from "./topology";
import { float32WelderInts } from "./weld";

/*
 * The shared memory of a large binary STL's two-thread analysis (parallel-stl.ts): how it is laid out, and
 * the pre-faulting of its pages ahead of their first writes.
 */

/** 20,000 records, 1 MB: stays in the core's cache between the read and the weld. */
export const CHUNK_RECORDS = 20_000;
/** Chunks of vertex indices in flight between the welding thread and the worker. */
export const RING_CHUNKS = 8;

export interface Region {
  offset: number;
  length: number;
}

/** Word offsets and lengths (32-bit words) of the regions of the shared memory for one file. */
export interface StlArenaLayout {
  /** Triangles welded (or WELDING_FAILED, parallel-stl.ts), vertices welded, triangles followed (or WORKER_STOPPED), worker ready, next pre-fault batch. */
  progress: Region;
  ring: Region;
  keys: Region;
  table: Region;
  edges: Region;
  shells: Region;
  words: number;
}

/** The words of the `progress` region. */
export const WELDED = 0,
  VERTICES = 1,
  FOLLOWED = 2,
  WORKER_READY = 3,
  NEXT_PREFAULT_BATCH = 4;

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
export function expectedStlVertices(triangles: number): number {
  return (triangles >>> 1) + 16;
}

export function view(arena: SharedArrayBuffer, region: Region): Int32Array {
  return new Int32Array(arena, region.offset * 4, region.length);
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
