// A closed, manifold binary STL torus of 1000 × 500 quads = 1,000,000 triangles (no poles), for the benchmarks.
import fs from "node:fs";

const MAJOR_SEGMENTS = 1000;
const MINOR_SEGMENTS = 500;

/** Writes the torus to `file`; returns its size in bytes. */
export function writeTorusStl(file) {
  const triangles = MAJOR_SEGMENTS * MINOR_SEGMENTS * 2;
  const bytes = Buffer.alloc(84 + 50 * triangles);
  bytes.write("binary STL benchmark torus", 0, "latin1");
  bytes.writeUInt32LE(triangles, 80);
  const point = (i, j) => {
    const u = (2 * Math.PI * (i % MAJOR_SEGMENTS)) / MAJOR_SEGMENTS;
    const v = (2 * Math.PI * (j % MINOR_SEGMENTS)) / MINOR_SEGMENTS;
    return [(60 + 20 * Math.cos(v)) * Math.cos(u), (60 + 20 * Math.cos(v)) * Math.sin(u), 20 * Math.sin(v)];
  };
  let offset = 84;
  const writeTriangle = (...corners) => {
    offset += 12; // zero normal
    for (const corner of corners) for (const value of corner) offset = bytes.writeFloatLE(value, offset);
    offset += 2;
  };
  for (let i = 0; i < MAJOR_SEGMENTS; i++) {
    for (let j = 0; j < MINOR_SEGMENTS; j++) {
      const a = point(i, j),
        b = point(i + 1, j),
        c = point(i + 1, j + 1),
        d = point(i, j + 1);
      writeTriangle(a, b, c);
      writeTriangle(a, c, d);
    }
  }
  fs.writeFileSync(file, bytes);
  return bytes.length;
}

// `node bench/generate-torus-stl.mjs FILE` writes the torus from a process of its own.
if (process.argv[1] === new URL(import.meta.url).pathname && process.argv[2]) writeTorusStl(process.argv[2]);
