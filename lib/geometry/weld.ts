import { DomainError } from "@/lib/errors";
import { STL_RECORD_BYTES } from "./stl-size";
import { formatCount } from "./text-lines";

/*
 * Vertex welding: vertices with bit-identical coordinates become one vertex.
 * Hand-written open-addressing hash tables over typed arrays because welding
 * runs once per triangle corner (3 million times for a 1M-triangle STL): string
 * keys or a Map of objects would cost seconds and hundreds of MB.
 */

const EMPTY_SLOT = -1;

function nextPowerOfTwo(value: number): number {
  let size = 16;
  while (size < value) size *= 2;
  return size;
}

/** Mixes three 32-bit words into a table slot hash (Murmur-style multipliers). */
function hashWords(a: number, b: number, c: number): number {
  let h = Math.imul(a, 0x9e3779b1);
  h ^= Math.imul(b ^ (h >>> 15), 0x85ebca77);
  h ^= Math.imul(c ^ (h >>> 13), 0xc2b2ae3d);
  return h ^ (h >>> 16);
}

/**
 * Table entries pack `(vertex index + 1) << 4 | 4 hash bits`, so probes past other
 * vertices rarely read their keys (a cache miss each), and 0 marks an empty slot:
 * fresh memory is a ready table, never filled first (first writes to fresh pages
 * are what large meshes spend most time on, see docs/benchmarks.md).
 */
const FINGERPRINT_BITS = 4;
const NEGATIVE_ZERO_BITS = -2147483648;
const EXPONENT_MASK = 0x7f800000;
const FINGERPRINT_MASK = (1 << FINGERPRINT_BITS) - 1;
const MAX_FLOAT32_VERTICES = 2 ** (31 - FINGERPRINT_BITS) - 1;

/** Zeroed memory for a Float32BitsWelder expecting `expectedVertices` (see float32WelderInts). */
export interface WelderMemory {
  keys: Int32Array;
  table: Int32Array;
}

/** 32-bit words a Float32BitsWelder of `expectedVertices` starts with: its keys and its hash table. */
export function float32WelderInts(expectedVertices: number): { keys: number; table: number } {
  return { keys: Math.max(16, expectedVertices) * 3, table: nextPowerOfTwo(expectedVertices * 2) };
}

/**
 * Welds float32 vertices given as raw IEEE bit patterns (how STL stores them),
 * one vertex at a time. The key store doubles as the Float32 position array.
 * `memory`, when given, is zeroed storage of float32WelderInts' sizes to start
 * in (a shared buffer another thread pre-faults); the welder outgrows it into
 * memory of its own if the mesh has more vertices than expected.
 */
export class Float32BitsWelder {
  private keys: Int32Array;
  private table: Int32Array;
  private mask: number;
  vertexCount = 0;

  constructor(expectedVertices: number, memory?: WelderMemory) {
    const ints = float32WelderInts(expectedVertices);
    this.keys = memory?.keys ?? new Int32Array(ints.keys);
    this.table = memory?.table ?? new Int32Array(ints.table);
    this.mask = this.table.length - 1;
  }

  /** Returns the welded index of the vertex whose x/y/z float32 bit patterns are given. -0 must already be mapped to +0. */
  addVertexBits(xBits: number, yBits: number, zBits: number): number {
    const hash = hashWords(xBits, yBits, zBits);
    const keys = this.keys;
    const table = this.table;
    const mask = this.mask;
    const fingerprint = hash >>> (32 - FINGERPRINT_BITS);
    let slot = hash & mask;
    for (;;) {
      const entry = table[slot];
      if (entry === 0) break;
      if ((entry & FINGERPRINT_MASK) === fingerprint) {
        const existing = (entry >>> FINGERPRINT_BITS) - 1;
        const k = existing * 3;
        if (keys[k] === xBits && keys[k + 1] === yBits && keys[k + 2] === zBits) return existing;
      }
      slot = (slot + 1) & mask;
    }
    return this.insertAt(slot, fingerprint, xBits, yBits, zBits);
  }

  /** Adds a new vertex whose probe ended at the empty `slot`. */
  private insertAt(slot: number, fingerprint: number, xBits: number, yBits: number, zBits: number): number {
    const index = this.vertexCount++;
    if (index >= MAX_FLOAT32_VERTICES) {
      throw new DomainError(
        "unreadable_file",
        `The mesh has more than ${formatCount(MAX_FLOAT32_VERTICES)} distinct vertices, more than we can analyse.`,
      );
    }
    if (index * 3 + 3 > this.keys.length) this.growKeys();
    const k = index * 3;
    this.keys[k] = xBits;
    this.keys[k + 1] = yBits;
    this.keys[k + 2] = zBits;
    this.table[slot] = ((index + 1) << FINGERPRINT_BITS) | fingerprint;
    if (this.vertexCount * 2 > this.table.length) this.growTable();
    return index;
  }

  /**
   * Welds the corners of `count` binary STL records (50 bytes: a normal, three
   * corners, two attribute bytes) read through `view`, writing each corner's
   * vertex index to `indices` from `indexOffset`. Returns the first record with
   * a coordinate that is not finite (NaN or infinity), or -1.
   * Two shortcuts, because welding a 1M-triangle file is 3M lookups: the table
   * lives in locals (no call per corner), and each corner is first compared with
   * the previous triangle's, since tessellators write strips and fans whose
   * consecutive triangles share an edge (two corners in three skip the hash and
   * the checks: a match was checked when it was first seen).
   */
  addStlRecords(view: DataView, count: number, indices: Uint32Array, indexOffset: number): number {
    let keys = this.keys,
      table = this.table,
      mask = this.mask;
    // The previous triangle's corners: bits (-0 already mapped to +0) and welded index; -1 matches nothing.
    let x0 = 0,
      y0 = 0,
      z0 = 0,
      i0 = -1,
      x1 = 0,
      y1 = 0,
      z1 = 0,
      i1 = -1,
      x2 = 0,
      y2 = 0,
      z2 = 0,
      i2 = -1;
    for (let r = 0; r < count; r++) {
      const record = r * STL_RECORD_BYTES + 12; // the normal is skipped: it is recomputed
      let a = -1,
        b = -1,
        ax = 0,
        ay = 0,
        az = 0,
        bx = 0,
        by = 0,
        bz = 0;
      for (let corner = 0; corner < 3; corner++) {
        const offset = record + corner * 12;
        let x = view.getInt32(offset, true),
          y = view.getInt32(offset + 4, true),
          z = view.getInt32(offset + 8, true);
        let index = -1;
        if (x === x0 && y === y0 && z === z0) index = i0;
        else if (x === x1 && y === y1 && z === z1) index = i1;
        else if (x === x2 && y === y2 && z === z2) index = i2;
        if (index < 0) {
          // -0 welds with +0.
          if (x === NEGATIVE_ZERO_BITS) x = 0;
          if (y === NEGATIVE_ZERO_BITS) y = 0;
          if (z === NEGATIVE_ZERO_BITS) z = 0;
          if (
            (x & EXPONENT_MASK) === EXPONENT_MASK ||
            (y & EXPONENT_MASK) === EXPONENT_MASK ||
            (z & EXPONENT_MASK) === EXPONENT_MASK
          )
            return r;
          const hash = hashWords(x, y, z);
          const fingerprint = hash >>> (32 - FINGERPRINT_BITS);
          let slot = hash & mask;
          for (let entry = table[slot]; entry !== 0; entry = table[slot]) {
            if ((entry & FINGERPRINT_MASK) === fingerprint) {
              const existing = (entry >>> FINGERPRINT_BITS) - 1;
              const k = existing * 3;
              if (keys[k] === x && keys[k + 1] === y && keys[k + 2] === z) {
                index = existing;
                break;
              }
            }
            slot = (slot + 1) & mask;
          }
          if (index < 0) {
            index = this.insertAt(slot, fingerprint, x, y, z);
            if (this.keys !== keys || this.table !== table) {
              keys = this.keys;
              table = this.table;
              mask = this.mask;
            }
          }
        }
        indices[indexOffset + r * 3 + corner] = index;
        if (corner === 0) {
          a = index;
          ax = x;
          ay = y;
          az = z;
        } else if (corner === 1) {
          b = index;
          bx = x;
          by = y;
          bz = z;
        } else {
          x2 = x;
          y2 = y;
          z2 = z;
          i2 = index;
        }
      }
      x0 = ax;
      y0 = ay;
      z0 = az;
      i0 = a;
      x1 = bx;
      y1 = by;
      z1 = bz;
      i1 = b;
    }
    return -1;
  }

  /** Welded positions (a view, no copy). */
  positions(): Float32Array {
    return new Float32Array(this.keys.buffer, this.keys.byteOffset, this.vertexCount * 3);
  }

  private growKeys(): void {
    const grown = new Int32Array(Math.ceil((this.keys.length * 1.5) / 3) * 3 + 48);
    grown.set(this.keys);
    this.keys = grown;
  }

  private growTable(): void {
    const table = new Int32Array(this.table.length * 2);
    const mask = table.length - 1;
    const keys = this.keys;
    for (let index = 0; index < this.vertexCount; index++) {
      const k = index * 3;
      const hash = hashWords(keys[k], keys[k + 1], keys[k + 2]);
      let slot = hash & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = ((index + 1) << FINGERPRINT_BITS) | (hash >>> (32 - FINGERPRINT_BITS));
    }
    this.table = table;
    this.mask = mask;
  }
}

/**
 * Welds a float64 vertex list (finite values, -0 already normalised to +0).
 * Returns the unique positions and, for each input vertex, its welded index.
 */
export function weldFloat64Positions(rawPositions: Float64Array): {
  positions: Float64Array;
  weldedIndexOf: Uint32Array;
} {
  const vertexCount = rawPositions.length / 3;
  const words = new Int32Array(rawPositions.buffer, rawPositions.byteOffset, rawPositions.length * 2);
  const table = new Int32Array(nextPowerOfTwo(vertexCount * 2)).fill(EMPTY_SLOT);
  const mask = table.length - 1;
  const firstRawOfWelded = new Uint32Array(vertexCount);
  const weldedIndexOf = new Uint32Array(vertexCount);
  let weldedCount = 0;
  for (let v = 0; v < vertexCount; v++) {
    const p = v * 3;
    const w = v * 6;
    const hash = hashWords(words[w] ^ words[w + 1], words[w + 2] ^ words[w + 3], words[w + 4] ^ words[w + 5]);
    let slot = hash & mask;
    let found = -1;
    for (;;) {
      const candidate = table[slot];
      if (candidate === EMPTY_SLOT) break;
      const q = firstRawOfWelded[candidate] * 3;
      if (
        rawPositions[q] === rawPositions[p] &&
        rawPositions[q + 1] === rawPositions[p + 1] &&
        rawPositions[q + 2] === rawPositions[p + 2]
      ) {
        found = candidate;
        break;
      }
      slot = (slot + 1) & mask;
    }
    if (found < 0) {
      found = weldedCount++;
      firstRawOfWelded[found] = v;
      table[slot] = found;
    }
    weldedIndexOf[v] = found;
  }
  const positions = new Float64Array(weldedCount * 3);
  for (let i = 0; i < weldedCount; i++) {
    const q = firstRawOfWelded[i] * 3;
    positions[i * 3] = rawPositions[q];
    positions[i * 3 + 1] = rawPositions[q + 1];
    positions[i * 3 + 2] = rawPositions[q + 2];
  }
  return { positions, weldedIndexOf };
}
