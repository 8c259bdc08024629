import type { Segment } from "./geometry/segments";
import { segmentEnd, segmentStart } from "./geometry/segments";

/** A walk through a contour: segment indices with their direction of travel. */
export interface Trail {
  steps: { segment: number; reversed: boolean }[];
  closed: boolean;
}

/** One contour = one connected set of segments = one pierce. */
export interface Contour {
  segments: number[];
  trails: Trail[];
  /** Every junction has an even number of segment ends: it can be cut as closed loop(s). */
  closed: boolean;
}

/**
 * Chains segments whose endpoints lie within `tol` of each other, whatever their
 * drawing order or direction. Endpoints are clustered into nodes through a spatial
 * hash of tol-sized cells (3×3 neighbourhood lookup), so the whole pass is O(n).
 */
export function chainContours(segments: Segment[], tol: number): Contour[] {
  const nodeX: number[] = [];
  const nodeY: number[] = [];
  const cells = new Map<number, number[]>();
  const cellKey = (ix: number, iy: number) => (Math.imul(ix | 0, 73856093) ^ Math.imul(iy | 0, 19349663)) | 0;
  const nodeAt = (x: number, y: number): number => {
    const ix = Math.floor(x / tol);
    const iy = Math.floor(y / tol);
    let best = -1;
    let bestDist = tol * tol;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const bucket = cells.get(cellKey(ix + dx, iy + dy));
        if (!bucket) continue;
        for (const n of bucket) {
          const d = (nodeX[n] - x) ** 2 + (nodeY[n] - y) ** 2;
          if (d <= bestDist) {
            best = n;
            bestDist = d;
          }
        }
      }
    }
    if (best >= 0) return best;
    const id = nodeX.length;
    nodeX.push(x);
    nodeY.push(y);
    const key = cellKey(ix, iy);
    const bucket = cells.get(key);
    if (bucket) bucket.push(id);
    else cells.set(key, [id]);
    return id;
  };

  const from = new Int32Array(segments.length);
  const to = new Int32Array(segments.length);
  segments.forEach((s, k) => {
    const a = segmentStart(s);
    const b = segmentEnd(s);
    from[k] = nodeAt(a[0], a[1]);
    to[k] = nodeAt(b[0], b[1]);
  });
  const nodeCount = nodeX.length;

  // Adjacency in compressed rows: for node n, incident segment ends adj[start[n] .. start[n+1]).
  const degree = new Int32Array(nodeCount + 1);
  for (let k = 0; k < segments.length; k++) {
    degree[from[k]]++;
    degree[to[k]]++;
  }
  const start = new Int32Array(nodeCount + 1);
  for (let n = 0; n < nodeCount; n++) start[n + 1] = start[n] + degree[n];
  const fill = start.slice(0, nodeCount);
  const adj = new Int32Array(2 * segments.length);
  for (let k = 0; k < segments.length; k++) {
    adj[fill[from[k]]++] = k;
    adj[fill[to[k]]++] = k;
  }

  const used = new Uint8Array(segments.length);
  const collected = new Uint8Array(segments.length);
  const seen = new Uint8Array(nodeCount);
  const cursor = start.slice(0, nodeCount);
  const contours: Contour[] = [];
  for (let root = 0; root < nodeCount; root++) {
    if (seen[root]) continue;
    // Collect the component's nodes and segments.
    const nodes = [root];
    const segs: number[] = [];
    seen[root] = 1;
    for (let q = 0; q < nodes.length; q++) {
      const n = nodes[q];
      for (let e = start[n]; e < start[n + 1]; e++) {
        const k = adj[e];
        if (!collected[k]) {
          collected[k] = 1;
          segs.push(k);
        }
        const other = from[k] === n ? to[k] : from[k];
        if (!seen[other]) {
          seen[other] = 1;
          nodes.push(other);
        }
      }
    }
    const trails: Trail[] = [];
    let odd = 0;
    // Walk from odd nodes first so open paths come out whole, then close the remaining loops.
    for (const n of nodes) {
      if (degree[n] % 2 === 0) continue;
      odd++;
      while (hasUnused(n)) trails.push(walk(n));
    }
    for (const n of nodes) while (hasUnused(n)) trails.push(walk(n));
    contours.push({ segments: segs, trails, closed: odd === 0 });
  }
  return contours;

  function hasUnused(n: number): boolean {
    while (cursor[n] < start[n + 1] && used[adj[cursor[n]]]) cursor[n]++;
    return cursor[n] < start[n + 1];
  }

  function walk(startNode: number): Trail {
    const steps: Trail["steps"] = [];
    let n = startNode;
    while (hasUnused(n)) {
      const k = adj[cursor[n]];
      used[k] = 1;
      const reversed = from[k] !== n;
      steps.push({ segment: k, reversed });
      n = reversed ? from[k] : to[k];
    }
    return { steps, closed: n === startNode };
  }
}
