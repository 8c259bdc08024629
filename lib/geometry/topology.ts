/** Edge and connectivity statistics of a welded triangle mesh. */
export interface MeshTopology {
  /** Edges used by exactly one triangle. */
  boundaryEdges: number;
  /** Edges used by more than two triangles. */
  overusedEdges: number;
  /** Edges used by two triangles that traverse it in the same direction. */
  misorientedEdges: number;
  /** Connected shells: triangles linked through shared edges or vertices (triangles collapsed to a line or point are not counted). */
  parts: number;
}

export type EdgeUses = Omit<MeshTopology, "parts">;

export function analyzeTopology(indices: Uint32Array, vertexCount: number): MeshTopology {
  return { ...countEdgeUses(indices, vertexCount), parts: countShells(indices, vertexCount) };
}

/**
 * Counts edge uses with every half-edge filed under the smaller vertex of its
 * edge (typed-array buckets, about 12 bytes per triangle), so each undirected
 * edge is settled inside one small bucket without random lookups elsewhere.
 * Entries are `larger vertex · 2 + direction`. Triangles with a repeated
 * vertex index have no real edges and are left out of the edge statistics.
 */
export function countEdgeUses(indices: Uint32Array, vertexCount: number): EdgeUses {
  const bucketSizes = new Int32Array(vertexCount + 1);
  countEdgeBuckets(indices, 0, indices.length / 3, bucketSizes);
  return settleEdgeUses(indices, vertexCount, bucketSizes);
}

/** First pass of countEdgeUses for triangles [from, to): adds each half-edge to the size of its bucket (one word a vertex). */
export function countEdgeBuckets(indices: Uint32Array, from: number, to: number, bucketSizes: Int32Array): void {
  for (let t = from; t < to; t++) {
    const a = indices[t * 3], b = indices[t * 3 + 1], c = indices[t * 3 + 2];
    if (a === b || b === c || a === c) continue;
    bucketSizes[a < b ? a : b]++;
    bucketSizes[b < c ? b : c]++;
    bucketSizes[c < a ? c : a]++;
  }
}

/**
 * The rest of countEdgeUses once `bucketSizes` (vertexCount + 1 words, the last
 * 0) counts every triangle; it is overwritten. `entriesScratch`, when it holds
 * one word per half-edge (3 a triangle), is used instead of fresh memory.
 */
export function settleEdgeUses(indices: Uint32Array, vertexCount: number, bucketSizes: Int32Array, entriesScratch?: Int32Array): EdgeUses {
  const triangleCount = indices.length / 3;
  const bucketEnd = bucketSizes;
  for (let v = 1; v <= vertexCount; v++) bucketEnd[v] += bucketEnd[v - 1];
  const halfEdges = bucketEnd[vertexCount];
  const entries = entriesScratch !== undefined && entriesScratch.length >= halfEdges ? entriesScratch : new Int32Array(halfEdges);
  // Filling each bucket from its end leaves bucketEnd[v] at the start of bucket v.
  for (let t = 0; t < triangleCount; t++) {
    const a = indices[t * 3], b = indices[t * 3 + 1], c = indices[t * 3 + 2];
    if (a === b || b === c || a === c) continue;
    if (a < b) entries[--bucketEnd[a]] = b * 2; else entries[--bucketEnd[b]] = a * 2 + 1;
    if (b < c) entries[--bucketEnd[b]] = c * 2; else entries[--bucketEnd[c]] = b * 2 + 1;
    if (c < a) entries[--bucketEnd[c]] = a * 2; else entries[--bucketEnd[a]] = c * 2 + 1;
  }

  let boundaryEdges = 0, overusedEdges = 0, misorientedEdges = 0;
  for (let v = 0; v < vertexCount; v++) {
    const start = bucketEnd[v], end = bucketEnd[v + 1];
    sortRange(entries, start, end);
    for (let i = start; i < end; ) {
      const other = entries[i] >> 1;
      let uses = 0, forward = 0;
      for (; i < end && entries[i] >> 1 === other; i++) {
        uses++;
        forward += 1 - (entries[i] & 1);
      }
      if (uses === 1) boundaryEdges++;
      else if (uses > 2) overusedEdges++;
      else if (forward !== 1) misorientedEdges++;
    }
  }
  return { boundaryEdges, overusedEdges, misorientedEdges };
}

/**
 * Connected shells by union-find over the corners of every triangle that has
 * three distinct vertices; vertices of no such triangle belong to no shell.
 */
export function countShells(indices: Uint32Array, vertexCount: number): number {
  const shells = new ShellUnion(new Int32Array(vertexCount));
  shells.joinTriangles(indices, 0, indices.length / 3);
  return shells.countShells(vertexCount);
}

/** Insertion sort: buckets hold about six entries. */
function sortRange(values: Int32Array, start: number, end: number): void {
  for (let i = start + 1; i < end; i++) {
    const value = values[i];
    let j = i - 1;
    while (j >= start && values[j] > value) {
      values[j + 1] = values[j];
      j--;
    }
    values[j + 1] = value;
  }
}

/**
 * Union-find over welded vertices, fed triangles in runs (a thread can follow
 * another's welding). `parent` holds `parent vertex + 1`, 0 for a vertex no
 * triangle has reached yet, so zeroed memory is an empty union.
 */
export class ShellUnion {
  private readonly parent: Int32Array;

  constructor(zeroedParents: Int32Array) {
    this.parent = zeroedParents;
  }

  /** How many vertices it can hold. */
  get capacity(): number {
    return this.parent.length;
  }

  /** Joins the corners of triangles [from, to) that have three distinct vertices. */
  joinTriangles(indices: Uint32Array, from: number, to: number): void {
    for (let i = from * 3; i < to * 3; i += 3) {
      const a = indices[i], b = indices[i + 1], c = indices[i + 2];
      if (a === b || b === c || a === c) continue;
      this.join(a, b);
      this.join(a, c);
    }
  }

  countShells(vertexCount: number): number {
    let shells = 0;
    for (let v = 0; v < vertexCount; v++) if (this.parent[v] === v + 1) shells++;
    return shells;
  }

  private join(a: number, b: number): void {
    const rootA = this.find(a), rootB = this.find(b);
    if (rootA < rootB) this.parent[rootB] = rootA + 1;
    else if (rootB < rootA) this.parent[rootA] = rootB + 1;
  }

  private find(v: number): number {
    const parent = this.parent;
    if (parent[v] === 0) {
      parent[v] = v + 1;
      return v;
    }
    // Path halving: each visited vertex skips to its grandparent.
    for (let up = parent[v] - 1; up !== v; up = parent[v] - 1) {
      parent[v] = parent[up];
      v = parent[up] - 1;
    }
    return v;
  }
}
