// Closed triangle meshes for the estimator's tests, counter-clockwise seen from outside.
import type { Path64 } from "clipper2-ts";
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

/** A truncated cone standing on its small end (r0 at z = 0, r1 at the top); a cylinder when r0 = r1. */
export function frustum(r0: number, r1: number, height: number, segments: number): SliceMesh {
  const pos: number[] = [0, 0, 0, 0, 0, height];
  for (let i = 0; i < segments; i++) {
    const a = (2 * Math.PI * i) / segments;
    pos.push(r0 * Math.cos(a), r0 * Math.sin(a), 0, r1 * Math.cos(a), r1 * Math.sin(a), height);
  }
  const idx: number[] = [];
  for (let i = 0; i < segments; i++) {
    const b0 = 2 + 2 * i,
      t0 = b0 + 1,
      b1 = 2 + 2 * ((i + 1) % segments),
      t1 = b1 + 1;
    idx.push(0, b1, b0, 1, t0, t1, b0, b1, t1, b0, t1, t0);
  }
  return { positions: new Float64Array(pos), indices: new Uint32Array(idx) };
}

export const cylinder = (r: number, height: number, segments: number) => frustum(r, r, height, segments);

/** A regular polygon in µm, counter-clockwise (reversed: clockwise, a hole). */
export function circle(cx: number, cy: number, r: number, segments: number, reversed = false): Path64 {
  const path: Path64 = [];
  for (let i = 0; i < segments; i++) {
    const a = (2 * Math.PI * i) / segments;
    path.push({ x: Math.round(cx + r * Math.cos(a)), y: Math.round(cy + r * Math.sin(a)) });
  }
  return reversed ? path.reverse() : path;
}

export const square = (x0: number, y0: number, x1: number, y1: number): Path64 => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

/** A ring torus lying on z = 0 (major radius R, tube radius r): every layer differs from the next. */
export function torus(R: number, r: number, majorSegments: number, minorSegments: number): SliceMesh {
  const positions = new Float64Array(majorSegments * minorSegments * 3);
  const indices = new Uint32Array(majorSegments * minorSegments * 6);
  const at = (i: number, j: number) => (i % majorSegments) * minorSegments + (j % minorSegments);
  for (let i = 0; i < majorSegments; i++) {
    for (let j = 0; j < minorSegments; j++) {
      const u = (2 * Math.PI * i) / majorSegments,
        v = (2 * Math.PI * j) / minorSegments;
      positions.set(
        [(R + r * Math.cos(v)) * Math.cos(u), (R + r * Math.cos(v)) * Math.sin(u), r + r * Math.sin(v)],
        3 * at(i, j),
      );
      indices.set([at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i, j + 1)], 6 * at(i, j));
    }
  }
  return { positions, indices };
}
