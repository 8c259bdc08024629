import { Clipper } from "clipper2-ts";
import { describe, expect, it } from "vitest";
import { DEFAULT_PRINT_PROFILE } from "./default-print-profile";
import { chainLoops, cutTriangles, reserveLayers } from "./layer-segments";
import { sliceOutlines, type SliceMesh } from "./slice-outlines";
import { box, cylinder, torus } from "./test-meshes";

const P = DEFAULT_PRINT_PROFILE;

/** The same mesh with `count` unused vertices before its own, so that its vertex indices are large. */
function shifted(mesh: SliceMesh, count: number): SliceMesh {
  const positions = new Float64Array(3 * count + mesh.positions.length);
  positions.set(mesh.positions, 3 * count);
  return { positions, indices: mesh.indices.map((v) => v + count) };
}

/** Every triangle of the mesh as the sweep would hand it to the cut at height z. */
function cutAll(mesh: SliceMesh, z: number): number {
  const count = mesh.indices.length / 3;
  reserveLayers(count);
  return cutTriangles(
    mesh.positions,
    Int32Array.from(mesh.indices),
    Int32Array.from({ length: count }, (_, k) => k),
    count,
    z,
  );
}

describe("layer segments", () => {
  it("slices a box into its rectangle at every layer", () => {
    const { slices } = sliceOutlines(box(0, 0, 0, 10, 20, 5), P);
    expect(slices.length).toBe(Math.round((5 - P.firstLayerHeight) / P.layerHeight) + 1);
    for (const slice of slices) {
      expect(slice.length).toBe(1);
      expect(Clipper.area(slice[0])).toBe(10_000 * 20_000); // µm², counter-clockwise
      expect(Clipper.getBounds(slice[0])).toEqual({ left: 0, top: 0, right: 10_000, bottom: 20_000 });
    }
  });

  it("chains the same loops when vertex indices are large (an edge's pair past int32 as one number)", () => {
    // 100,000² > 2^31: the pair of a mesh edge no longer fits a 32-bit integer as index × count + index.
    for (const mesh of [box(0, 0, 0, 10, 20, 5), torus(14, 5, 64, 32)])
      expect(sliceOutlines(shifted(mesh, 100_000), P).slices).toEqual(sliceOutlines(mesh, P).slices);
  });

  it("keeps the points Clipper's Ramer–Douglas–Peucker keeps", () => {
    const mesh = cylinder(20, 4, 2000); // a 2000-gon: most points lie within the resolution of a chord
    const exact = chainLoops(cutAll(mesh, 1), 0);
    expect(exact.length).toBe(1);
    expect(exact[0].length).toBe(4000); // each side is two triangles: a cut on its upright edge and one on its diagonal
    for (const resolution of [1, 12.5, 100, 5000]) {
      const simplified = chainLoops(cutAll(mesh, 1), resolution);
      expect(simplified).toEqual([Clipper.ramerDouglasPeucker(exact[0], resolution)]);
    }
  });
});
