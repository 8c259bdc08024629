/** Edge and connectivity statistics of a welded triangle mesh. */
export interface MeshTopology {
  /** Edges used by exactly one triangle. */
  boundaryEdges: number;
  /** Edges used by more than two triangles. */
  overusedEdges: number;
  /** Edges used by two triangles that traverse it in the same direction. */
  misorientedEdges: number;
  /** Connected shells: triangles linked through shared welded vertices. */
  parts: number;
}

/**
 * Counts edge uses per undirected edge with a compressed adjacency list of
 * half-edges grouped by source vertex (typed arrays, about 16 bytes per
 * triangle); triangles with a repeated vertex index have no real edges and are
 * left out of the edge statistics.
 */
export function analyzeTopology(indices: Uint32Array, vertexCount: number): MeshTopology {
  const triangleCount = indices.length / 3;
  const bucketStart = new Int32Array(vertexCount + 1);
  for (let t = 0; t < triangleCount; t++) {
    const a = indices[t * 3], b = indices[t * 3 + 1], c = indices[t * 3 + 2];
    if (a === b || b === c || a === c) continue;
    bucketStart[a + 1]++;
    bucketStart[b + 1]++;
    bucketStart[c + 1]++;
  }
  for (let v = 0; v < vertexCount; v++) bucketStart[v + 1] += bucketStart[v];
  const targets = new Int32Array(bucketStart[vertexCount]);
  const fill = bucketStart.slice(0, vertexCount);
  for (let t = 0; t < triangleCount; t++) {
    const a = indices[t * 3], b = indices[t * 3 + 1], c = indices[t * 3 + 2];
    if (a === b || b === c || a === c) continue;
    targets[fill[a]++] = b;
    targets[fill[b]++] = c;
    targets[fill[c]++] = a;
  }

  let boundaryEdges = 0, overusedEdges = 0, misorientedEdges = 0;
  for (let a = 0; a < vertexCount; a++) {
    const start = bucketStart[a], end = bucketStart[a + 1];
    for (let i = start; i < end; i++) {
      const b = targets[i];
      if (countTargets(targets, start, i, b) > 0) continue; // this edge direction was already handled
      const forward = 1 + countTargets(targets, i + 1, end, b);
      const backward = countTargets(targets, bucketStart[b], bucketStart[b + 1], a);
      // Visit each undirected edge once: from the smaller vertex, or from the only side that has it.
      if (b < a && backward > 0) continue;
      const uses = forward + backward;
      if (uses === 1) boundaryEdges++;
      else if (uses > 2) overusedEdges++;
      else if (forward !== 1) misorientedEdges++;
    }
  }
  return { boundaryEdges, overusedEdges, misorientedEdges, parts: countParts(indices, vertexCount) };
}

function countTargets(targets: Int32Array, from: number, to: number, vertex: number): number {
  let count = 0;
  for (let i = from; i < to; i++) if (targets[i] === vertex) count++;
  return count;
}

/** Union-find over welded vertices; a part is a set of triangles connected through shared vertices. */
function countParts(indices: Uint32Array, vertexCount: number): number {
  const parent = new Int32Array(vertexCount).fill(-1); // -1: vertex not used by any triangle
  const find = (v: number): number => {
    while (parent[v] !== v) {
      parent[v] = parent[parent[v]];
      v = parent[v];
    }
    return v;
  };
  for (let i = 0; i < indices.length; i++) if (parent[indices[i]] === -1) parent[indices[i]] = indices[i];
  for (let t = 0; t < indices.length; t += 3) {
    const root = find(indices[t]);
    const rootB = find(indices[t + 1]);
    if (rootB !== root) parent[rootB] = root;
    const rootC = find(indices[t + 2]);
    if (rootC !== root) parent[rootC] = root;
  }
  let parts = 0;
  for (let v = 0; v < vertexCount; v++) if (parent[v] === v) parts++;
  return parts;
}
