import { AppError } from "@/lib/api/app-error";
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

/** Table entries pack `vertex index << 4 | 4 hash bits`, so probes past other vertices rarely read their keys (a cache miss each). */
const FINGERPRINT_BITS = 4;
const FINGERPRINT_MASK = (1 << FINGERPRINT_BITS) - 1;
const MAX_FLOAT32_VERTICES = 2 ** (31 - FINGERPRINT_BITS);

/**
 * Welds float32 vertices given as raw IEEE bit patterns (how STL stores them),
 * one vertex at a time. The key store doubles as the Float32 position array.
 */
export class Float32BitsWelder {
  private keys: Int32Array;
  private table: Int32Array;
  private mask: number;
  vertexCount = 0;

  constructor(expectedVertices: number) {
    this.keys = new Int32Array(Math.max(16, expectedVertices) * 3);
    this.table = new Int32Array(nextPowerOfTwo(expectedVertices * 2)).fill(EMPTY_SLOT);
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
      if (entry === EMPTY_SLOT) break;
      if ((entry & FINGERPRINT_MASK) === fingerprint) {
        const existing = entry >> FINGERPRINT_BITS;
        const k = existing * 3;
        if (keys[k] === xBits && keys[k + 1] === yBits && keys[k + 2] === zBits) return existing;
      }
      slot = (slot + 1) & mask;
    }
    const index = this.vertexCount++;
    if (index >= MAX_FLOAT32_VERTICES) {
      throw new AppError("unreadable_file", `The mesh has more than ${formatCount(MAX_FLOAT32_VERTICES)} distinct vertices, more than we can analyse.`);
    }
    if (index * 3 + 3 > keys.length) this.growKeys();
    const k = index * 3;
    this.keys[k] = xBits;
    this.keys[k + 1] = yBits;
    this.keys[k + 2] = zBits;
    table[slot] = (index << FINGERPRINT_BITS) | fingerprint;
    if (this.vertexCount * 2 > table.length) this.growTable();
    return index;
  }

  /** Welded positions (a view, no copy). */
  positions(): Float32Array {
    return new Float32Array(this.keys.buffer, 0, this.vertexCount * 3);
  }

  private growKeys(): void {
    const grown = new Int32Array(Math.ceil((this.keys.length * 1.5) / 3) * 3 + 48);
    grown.set(this.keys);
    this.keys = grown;
  }

  private growTable(): void {
    const table = new Int32Array(this.table.length * 2).fill(EMPTY_SLOT);
    const mask = table.length - 1;
    const keys = this.keys;
    for (let index = 0; index < this.vertexCount; index++) {
      const k = index * 3;
      const hash = hashWords(keys[k], keys[k + 1], keys[k + 2]);
      let slot = hash & mask;
      while (table[slot] !== EMPTY_SLOT) slot = (slot + 1) & mask;
      table[slot] = (index << FINGERPRINT_BITS) | (hash >>> (32 - FINGERPRINT_BITS));
    }
    this.table = table;
    this.mask = mask;
  }
}

/**
 * Welds a float64 vertex list (finite values, -0 already normalised to +0).
 * Returns the unique positions and, for each input vertex, its welded index.
 */
export function weldFloat64Positions(
  rawPositions: Float64Array,
): { positions: Float64Array; weldedIndexOf: Uint32Array } {
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
      if (rawPositions[q] === rawPositions[p] && rawPositions[q + 1] === rawPositions[p + 1] && rawPositions[q + 2] === rawPositions[p + 2]) {
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
