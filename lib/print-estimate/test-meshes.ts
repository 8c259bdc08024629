// Closed triangle meshes for the estimator's tests, counter-clockwise seen from outside.
import type { SliceMesh } from "./slice-outlines";

export function box(x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): SliceMesh {
  const p = [
    [x0, y0, z0],
    [x1, y0, z0],
    [x1, y1, z0],
    [x0, y1, z0],
    [x0, y0, z1],
    [x1, y0, z1],
    [x1, y1, z1],
    [x0, y1, z1],
  ];
  const faces = [
    [0, 2, 1],
    [0, 3, 2], // bottom (normal −z)
    [4, 5, 6],
    [4, 6, 7], // top
    [0, 1, 5],
    [0, 5, 4], // y = y0
    [1, 2, 6],
    [1, 6, 5], // x = x1
    [2, 3, 7],
    [2, 7, 6], // y = y1
    [3, 0, 4],
    [3, 4, 7], // x = x0
  ];
  return { positions: new Float64Array(p.flat()), indices: new Uint32Array(faces.flat()) };
}

/** Several closed meshes as one (e.g. a table: a slab on a post, whose overhang needs supports). */
export function joined(...meshes: SliceMesh[]): SliceMesh {
  const positions = new Float64Array(meshes.reduce((n, m) => n + m.positions.length, 0));
  const indices = new Uint32Array(meshes.reduce((n, m) => n + m.indices.length, 0));
  let p = 0;
  let i = 0;
  for (const m of meshes) {
    positions.set(m.positions, p);
    for (let k = 0; k < m.indices.length; k++) indices[i + k] = m.indices[k] + p / 3;
    p += m.positions.length;
    i += m.indices.length;
  }
  return { positions, indices };
}

/** A 44 × 44 × 2 mm slab on a 4 × 4 × 20 mm post: most of the slab overhangs air. */
export const table = () => joined(box(0, 0, 0, 4, 4, 20), box(-20, -20, 20, 24, 24, 22));
