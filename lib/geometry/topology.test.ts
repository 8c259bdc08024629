import { describe, expect, it } from "vitest";
import { createBox, createTorus, createVoxelSolid, indexSoup, invertSoup, type TriangleSoup } from "./testing/shapes";
import { countEdgeUses, countShells, EDGE_SLOTS_PER_VERTEX, EdgeUseTable, ShellUnion, type EdgeUses } from "./topology";

/** The definition, spelled out with a Map: every undirected edge, its uses and its traversals from lower to higher vertex. */
function edgeUsesByDefinition(indices: ArrayLike<number>): EdgeUses {
  const edges = new Map<string, { uses: number; forward: number }>();
  for (let i = 0; i < indices.length; i += 3) {
    const corners = [indices[i], indices[i + 1], indices[i + 2]];
    if (new Set(corners).size < 3) continue;
    for (let k = 0; k < 3; k++) {
      const from = corners[k],
        to = corners[(k + 1) % 3];
      const key = `${Math.min(from, to)},${Math.max(from, to)}`;
      const edge = edges.get(key) ?? { uses: 0, forward: 0 };
      edge.uses++;
      if (from < to) edge.forward++;
      edges.set(key, edge);
    }
  }
  const counts = { boundaryEdges: 0, overusedEdges: 0, misorientedEdges: 0 };
  for (const { uses, forward } of edges.values()) {
    if (uses === 1) counts.boundaryEdges++;
    else if (uses > 2) counts.overusedEdges++;
    else if (forward !== 1) counts.misorientedEdges++;
  }
  return counts;
}

function indexed(soup: TriangleSoup): { indices: Uint32Array; vertexCount: number } {
  const { vertices, triangles } = indexSoup(soup);
  return { indices: Uint32Array.from(triangles), vertexCount: vertices.length / 3 };
}

/** A fan of `spokes` triangles around vertex 0: vertex 0 has more higher neighbours than it has slots. */
function fan(spokes: number, closed: boolean): Uint32Array {
  const indices: number[] = [];
  for (let k = 1; k <= spokes; k++) {
    if (k === spokes && !closed) break;
    indices.push(0, k, k === spokes ? 1 : k + 1);
  }
  return Uint32Array.from(indices);
}

describe("countEdgeUses", () => {
  it("a closed box, torus and voxel solid have no boundary, overused or misoriented edge", () => {
    for (const soup of [
      createBox([1, 2, 3]),
      createTorus(30, 10, 24, 12),
      createVoxelSolid([4, 3, 2], 1, (i, j) => i > 0 || j > 0),
    ]) {
      const { indices, vertexCount } = indexed(soup);
      expect(countEdgeUses(indices, vertexCount)).toEqual({ boundaryEdges: 0, overusedEdges: 0, misorientedEdges: 0 });
    }
  });

  it("agrees with the definition on open, flipped, overused and degenerate meshes", () => {
    const torus = createTorus(30, 10, 24, 12);
    const meshes: TriangleSoup[] = [
      torus.slice(0, torus.length - 9 * 7),
      [...invertSoup(torus.slice(0, 27)), ...torus.slice(27)],
      [...createBox([10, 10, 10]), ...createBox([10, 10, 10], [10, 10, 0])], // an edge used four times
      [...createBox([10, 10, 10]), ...createBox([10, 10, 10]).slice(0, 9)], // a triangle twice: three uses
      [...createBox([10, 10, 10]), 0, 0, 0, 0, 0, 0, 1, 1, 1], // a triangle with a repeated vertex has no edges
      createVoxelSolid([4, 3, 2], 1, (i, j) => (i + j) % 2 === 0), // cubes touching along edges
    ];
    for (const soup of meshes) {
      const { indices, vertexCount } = indexed(soup);
      expect(countEdgeUses(indices, vertexCount)).toEqual(edgeUsesByDefinition(indices));
    }
  });

  it("spills a fan's centre beyond its slots and still counts every edge", () => {
    for (const spokes of [EDGE_SLOTS_PER_VERTEX + 1, 64, 5000]) {
      expect(countEdgeUses(fan(spokes, true), spokes + 1)).toEqual({
        boundaryEdges: spokes,
        overusedEdges: 0,
        misorientedEdges: 0,
      });
      const open = fan(spokes, false);
      expect(countEdgeUses(open, spokes + 1)).toEqual(edgeUsesByDefinition(open));
    }
    const doubled = Uint32Array.from([...fan(64, true), ...fan(64, true)]); // every edge of the fan used twice the same way
    expect(countEdgeUses(doubled, 65)).toEqual(edgeUsesByDefinition(doubled));
  });

  it("grows past the vertices its slots were made for, fed triangles in runs", () => {
    const { indices, vertexCount } = indexed(createTorus(30, 10, 40, 20));
    const edges = new EdgeUseTable(new Int32Array(10 * EDGE_SLOTS_PER_VERTEX));
    for (let from = 0; from < indices.length / 3; from += 7) {
      edges.reserve(vertexCount);
      edges.addTriangles(indices, from, Math.min(indices.length / 3, from + 7));
    }
    expect(edges.countUses()).toEqual({ boundaryEdges: 0, overusedEdges: 0, misorientedEdges: 0 });
    expect(vertexCount).toBe(800);
  });
});

describe("shells", () => {
  it("counts separate pieces, joined through shared vertices, in runs and past its reserved size", () => {
    const { indices, vertexCount } = indexed([
      ...createBox([1, 1, 1]),
      ...createBox([1, 1, 1], [5, 0, 0]),
      ...createBox([1, 1, 1], [1, 1, 1]),
    ]);
    expect(countShells(indices, vertexCount)).toBe(2); // the third box touches the first at a corner
    const shells = new ShellUnion(new Int32Array(4));
    for (let from = 0; from < indices.length / 3; from += 5) {
      shells.reserve(vertexCount);
      shells.joinTriangles(indices, from, Math.min(indices.length / 3, from + 5));
    }
    expect(shells.countShells(vertexCount)).toBe(2);
  });
});
