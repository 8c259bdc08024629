import { describe, expect, it } from "vitest";
import { DEFAULT_PRINT_PROFILE, layerCountFor, type SliceMesh } from "./index";
import { supportGrid } from "./supports";
import { rasterizeMesh, type MeshRaster } from "./supports-raster";
import { box, frustum, joined, table, torus } from "./test-meshes";

const P = DEFAULT_PRINT_PROFILE;
const grid = supportGrid(P);
const rule = { distance: 0.15, denseDistance: 0.27 };

/** Layer i's slicing plane, above the mesh's lowest point: mid-height of the layer (as sliceOutlines). */
const plane = (i: number) => (i === 0 ? P.firstLayerHeight / 2 : P.firstLayerHeight + (i - 0.5) * P.layerHeight);

/**
 * By brute force, every triangle against one vertical ray: the layers whose plane lies where the ray is
 * inside the part (nonzero winding: +1 entering through a face that looks down, −1 leaving), or null when
 * the ray passes within `eps` of an edge or a crossing within `eps` of a plane (either answer is right).
 */
function layersInside(mesh: SliceMesh, x: number, y: number, minZ: number, layers: number): number[] | null {
  const { positions: pos, indices } = mesh;
  const eps = 1e-4; // the raster shifts its rays by ~4e-6 mm to keep them off the edges
  const crossings: { z: number; step: number }[] = [];
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [3 * indices[t], 3 * indices[t + 1], 3 * indices[t + 2]];
    const d = (pos[b] - pos[a]) * (pos[c + 1] - pos[a + 1]) - (pos[b + 1] - pos[a + 1]) * (pos[c] - pos[a]);
    if (Math.abs(d) < 1e-12) continue; // vertical: no ray goes through it
    const w0 = ((pos[b] - x) * (pos[c + 1] - y) - (pos[b + 1] - y) * (pos[c] - x)) / d;
    const w1 = ((pos[c] - x) * (pos[a + 1] - y) - (pos[c + 1] - y) * (pos[a] - x)) / d;
    const w2 = 1 - w0 - w1;
    if (Math.min(w0, w1, w2) < -eps) continue;
    if (Math.min(w0, w1, w2) < eps) return null;
    crossings.push({ z: w0 * pos[a + 2] + w1 * pos[b + 2] + w2 * pos[c + 2] - minZ, step: d < 0 ? 1 : -1 });
  }
  crossings.sort((p, q) => p.z - q.z);
  const inside: number[] = [];
  let depth = 0;
  for (let k = 0; k < crossings.length; k++) {
    depth += crossings[k].step;
    if (depth <= 0 || k + 1 === crossings.length) continue;
    const [from, to] = [crossings[k].z, crossings[k + 1].z];
    for (let i = 0; i < layers; i++) {
      if (Math.abs(plane(i) - from) < 1e-4 || Math.abs(plane(i) - to) < 1e-4) return null;
      if (plane(i) > from && plane(i) < to && !inside.includes(i)) inside.push(i);
    }
  }
  return inside.sort((p, q) => p - q);
}

/** The raster's ranges of pixel p as a list of layers, or why they are malformed (unsorted, no air between). */
function rasterLayers(raster: MeshRaster, p: number): number[] | string {
  const out: number[] = [];
  for (let r = raster.rangeStart[p]; r < raster.rangeStart[p + 1]; r++) {
    const [a, b] = [raster.rangeA[r], raster.rangeB[r]];
    if (a > b || (out.length > 0 && a <= out[out.length - 1] + 1)) return `bad range ${a}..${b} after ${out}`;
    for (let i = a; i <= b; i++) out.push(i);
  }
  return out;
}

describe("rasterizeMesh", () => {
  const meshes: [string, SliceMesh][] = [
    ["two boxes overlapping (a ledge on a post)", joined(box(10, 10, 0, 20, 20, 20), box(0, 0, 20, 30, 30, 22))],
    ["a table (a slab on a post)", table()],
    ["a cone on its tip", frustum(2, 8, 6, 40)],
    ["a coarse torus (up to four crossings a ray)", torus(8, 3, 40, 20)],
  ];
  it.each(meshes)(
    "finds the layers inside %s along every pixel's ray, as casting it through every triangle",
    (_, mesh) => {
      const raster = rasterizeMesh(mesh, grid.pixel, grid.oversampling, 3, P, rule);
      let minZ = Infinity,
        maxZ = -Infinity;
      for (let v = 2; v < mesh.positions.length; v += 3) {
        minZ = Math.min(minZ, mesh.positions[v]);
        maxZ = Math.max(maxZ, mesh.positions[v]);
      }
      const layers = layerCountFor(maxZ - minZ, P);
      let checked = 0,
        inside = 0;
      const wrong: string[] = [];
      for (let j = 0; j < raster.rows; j++)
        for (let i = 0; i < raster.cols; i++) {
          const x = raster.x0 + (i + 0.5) * grid.pixel,
            y = raster.y0 + (j + 0.5) * grid.pixel;
          const expected = layersInside(mesh, x, y, minZ, layers);
          if (expected === null) continue;
          const found = rasterLayers(raster, j * raster.cols + i);
          if (String(found) !== String(expected)) wrong.push(`pixel ${i}, ${j}: ${found} (expected ${expected})`);
          checked++;
          if (expected.length > 0) inside++;
        }
      expect(wrong.slice(0, 5)).toEqual([]);
      // Nearly every ray is decided, and the part covers a good share of them.
      expect(checked).toBeGreaterThan(0.98 * raster.cols * raster.rows);
      expect(inside).toBeGreaterThan(100);
    },
  );

  it("gives the same raster for the same mesh in single and double precision", () => {
    const mesh = torus(8, 3, 40, 20);
    const single = { positions: Float32Array.from(mesh.positions), indices: mesh.indices };
    const double = { positions: Float64Array.from(single.positions), indices: mesh.indices };
    const a = rasterizeMesh(single, grid.pixel, grid.oversampling, 3, P, rule);
    const b = rasterizeMesh(double, grid.pixel, grid.oversampling, 3, P, rule);
    expect(a.rangeA).toEqual(b.rangeA);
    expect(a.overhangs.pixel).toEqual(b.overhangs.pixel);
    expect(a.overhangArea).toBe(b.overhangArea);
  });
});
