/**
 * Test shapes as triangle soups: 9 numbers (three xyz corners) per triangle,
 * counter-clockwise seen from outside, no shared vertices (like STL).
 */
export type TriangleSoup = number[];

type Point = [number, number, number];

function pushQuad(soup: TriangleSoup, a: Point, b: Point, c: Point, d: Point): void {
  soup.push(...a, ...b, ...c, ...a, ...c, ...d);
}

/** Axis-aligned box from `min` with the given size; `inward` flips every face (for voids). */
export function createBox(size: Point, min: Point = [0, 0, 0], inward = false): TriangleSoup {
  const [x0, y0, z0] = min;
  const [x1, y1, z1] = [x0 + size[0], y0 + size[1], z0 + size[2]];
  const soup: TriangleSoup = [];
  const faces: [Point, Point, Point, Point][] = [
    [
      [x0, y0, z0],
      [x0, y1, z0],
      [x1, y1, z0],
      [x1, y0, z0],
    ], // bottom, normal -z
    [
      [x0, y0, z1],
      [x1, y0, z1],
      [x1, y1, z1],
      [x0, y1, z1],
    ], // top, +z
    [
      [x0, y0, z0],
      [x1, y0, z0],
      [x1, y0, z1],
      [x0, y0, z1],
    ], // front, -y
    [
      [x0, y1, z0],
      [x0, y1, z1],
      [x1, y1, z1],
      [x1, y1, z0],
    ], // back, +y
    [
      [x0, y0, z0],
      [x0, y0, z1],
      [x0, y1, z1],
      [x0, y1, z0],
    ], // left, -x
    [
      [x1, y0, z0],
      [x1, y1, z0],
      [x1, y1, z1],
      [x1, y0, z1],
    ], // right, +x
  ];
  for (const [a, b, c, d] of faces) {
    if (inward) pushQuad(soup, a, d, c, b);
    else pushQuad(soup, a, b, c, d);
  }
  return soup;
}

/**
 * Closed surface of a set of unit voxels (cell size `cell` mm): a face is
 * emitted wherever a filled cell meets an empty one. `filled(i, j, k)` says
 * which cells of the `counts` grid are solid.
 */
export function createVoxelSolid(
  counts: Point,
  cell: number,
  filled: (i: number, j: number, k: number) => boolean,
): TriangleSoup {
  const soup: TriangleSoup = [];
  const isFilled = (i: number, j: number, k: number) =>
    i >= 0 && j >= 0 && k >= 0 && i < counts[0] && j < counts[1] && k < counts[2] && filled(i, j, k);
  for (let i = 0; i < counts[0]; i++) {
    for (let j = 0; j < counts[1]; j++) {
      for (let k = 0; k < counts[2]; k++) {
        if (!isFilled(i, j, k)) continue;
        const box = createBox([cell, cell, cell], [i * cell, j * cell, k * cell]);
        const neighbours = [
          [0, 0, -1],
          [0, 0, 1],
          [0, -1, 0],
          [0, 1, 0],
          [-1, 0, 0],
          [1, 0, 0],
        ]; // same order as createBox faces
        neighbours.forEach(([di, dj, dk], face) => {
          if (!isFilled(i + di, j + dj, k + dk)) soup.push(...box.slice(face * 18, face * 18 + 18));
        });
      }
    }
  }
  return soup;
}

/** Torus around the z axis: major radius R, tube radius r, `majorSegments` × `minorSegments` quads. */
export function createTorus(R: number, r: number, majorSegments: number, minorSegments: number): TriangleSoup {
  const point = (i: number, j: number): Point => {
    const u = (2 * Math.PI * (i % majorSegments)) / majorSegments;
    const v = (2 * Math.PI * (j % minorSegments)) / minorSegments;
    return [(R + r * Math.cos(v)) * Math.cos(u), (R + r * Math.cos(v)) * Math.sin(u), r * Math.sin(v)];
  };
  const soup: TriangleSoup = [];
  for (let i = 0; i < majorSegments; i++) {
    for (let j = 0; j < minorSegments; j++) {
      pushQuad(soup, point(i, j), point(i + 1, j), point(i + 1, j + 1), point(i, j + 1));
    }
  }
  return soup;
}

/** Reverses the winding of every triangle (turns a solid inside out). */
export function invertSoup(soup: TriangleSoup): TriangleSoup {
  const inverted: TriangleSoup = [];
  for (let t = 0; t < soup.length; t += 9)
    inverted.push(...soup.slice(t, t + 3), ...soup.slice(t + 6, t + 9), ...soup.slice(t + 3, t + 6));
  return inverted;
}

export function translateSoup(soup: TriangleSoup, offset: Point): TriangleSoup {
  return soup.map((value, index) => value + offset[index % 3]);
}

/** Shares identical corners: unique vertex list plus triangle indices (for indexed formats). */
export function indexSoup(soup: TriangleSoup): { vertices: number[]; triangles: number[] } {
  const indexOf = new Map<string, number>();
  const vertices: number[] = [];
  const triangles: number[] = [];
  for (let c = 0; c < soup.length; c += 3) {
    const key = `${soup[c]},${soup[c + 1]},${soup[c + 2]}`;
    let index = indexOf.get(key);
    if (index === undefined) {
      index = vertices.length / 3;
      indexOf.set(key, index);
      vertices.push(soup[c], soup[c + 1], soup[c + 2]);
    }
    triangles.push(index);
  }
  return { vertices, triangles };
}
