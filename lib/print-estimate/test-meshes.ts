// Closed triangle meshes for the estimator's tests, counter-clockwise seen from outside.
import type { SliceMesh } from "./slice-outlines";

export function box(x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): SliceMesh {
  const p = [
    [x0, y0, z0], [x1, y0, z0], [x1, y1, z0], [x0, y1, z0],
    [x0, y0, z1], [x1, y0, z1], [x1, y1, z1], [x0, y1, z1],
  ];
  const faces = [
    [0, 2, 1], [0, 3, 2], // bottom (normal −z)
    [4, 5, 6], [4, 6, 7], // top
    [0, 1, 5], [0, 5, 4], // y = y0
    [1, 2, 6], [1, 6, 5], // x = x1
    [2, 3, 7], [2, 7, 6], // y = y1
    [3, 0, 4], [3, 4, 7], // x = x0
  ];
  return { positions: new Float64Array(p.flat()), indices: new Uint32Array(faces.flat()) };
}
