import { describe, expect, it } from "vitest";
import { NodeIO } from "@gltf-transform/core";
import { EXTMeshoptCompression, KHRMeshQuantization } from "@gltf-transform/extensions";
import { getBounds } from "@gltf-transform/functions";
import { MeshoptDecoder } from "meshoptimizer";
import { parseMesh, type ParsedMesh } from "@/lib/geometry";
import { boxStl } from "@/test/helpers/files";
import { buildDisplayMesh } from "./build-display-mesh";

/** A binary STL torus of `major × minor` quads (2 triangles each). */
function torusStl(major: number, minor: number): Uint8Array {
  const triangles = major * minor * 2;
  const view = new DataView(new ArrayBuffer(84 + 50 * triangles));
  view.setUint32(80, triangles, true);
  const point = (i: number, j: number) => {
    const u = (2 * Math.PI * (i % major)) / major;
    const v = (2 * Math.PI * (j % minor)) / minor;
    return [(60 + 20 * Math.cos(v)) * Math.cos(u), (60 + 20 * Math.cos(v)) * Math.sin(u), 20 * Math.sin(v)];
  };
  let offset = 84;
  const tri = (...corners: number[][]) => {
    offset += 12;
    for (const value of corners.flat()) {
      view.setFloat32(offset, value, true);
      offset += 4;
    }
    offset += 2;
  };
  for (let i = 0; i < major; i++)
    for (let j = 0; j < minor; j++) {
      tri(point(i, j), point(i + 1, j), point(i + 1, j + 1));
      tri(point(i, j), point(i + 1, j + 1), point(i, j + 1));
    }
  return new Uint8Array(view.buffer);
}

async function readBack(glb: Uint8Array) {
  await MeshoptDecoder.ready;
  const io = new NodeIO()
    .registerExtensions([EXTMeshoptCompression, KHRMeshQuantization])
    .registerDependencies({ "meshopt.decoder": MeshoptDecoder });
  const doc = await io.readBinary(glb);
  const nodes = doc.getRoot().listNodes();
  const triangles = nodes.map((n) =>
    n
      .getMesh()!
      .listPrimitives()
      .reduce((sum, p) => sum + p.getIndices()!.getCount() / 3, 0),
  );
  return { names: nodes.map((n) => n.getName()), triangles, bounds: getBounds(doc.getRoot().listScenes()[0]) };
}

function meshBounds(mesh: ParsedMesh) {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < mesh.positions.length; i++) {
    min[i % 3] = Math.min(min[i % 3], mesh.positions[i]);
    max[i % 3] = Math.max(max[i % 3], mesh.positions[i]);
  }
  return { min, max };
}

describe("buildDisplayMesh", () => {
  it("keeps every triangle and the bounding box within the quantisation step", async () => {
    const mesh = await parseMesh(torusStl(200, 100), "torus.stl");
    const back = await readBack(await buildDisplayMesh(mesh));
    expect(back.triangles.reduce((a, b) => a + b, 0)).toBe(40_000);
    const expected = meshBounds(mesh);
    // 14 bits over a 160 mm extent: one step is ~0.01 mm.
    for (let axis = 0; axis < 3; axis++) {
      expect(Math.abs(back.bounds.min[axis] - expected.min[axis])).toBeLessThan(0.02);
      expect(Math.abs(back.bounds.max[axis] - expected.max[axis])).toBeLessThan(0.02);
    }
  });

  it("is at most a quarter of the binary STL", async () => {
    const stl = torusStl(400, 200);
    const glb = await buildDisplayMesh(await parseMesh(stl, "torus.stl"));
    expect(glb.length / stl.length).toBeLessThan(0.25);
  });

  it("keeps one named node per component", async () => {
    const box = await parseMesh(new TextEncoder().encode(boxStl(10, 20, 30)), "box.stl");
    const mesh: ParsedMesh = {
      ...box,
      components: [
        { name: "lid", firstTriangle: 0, triangleCount: 4 },
        { name: "body", firstTriangle: 4, triangleCount: 8 },
      ],
    };
    const back = await readBack(await buildDisplayMesh(mesh));
    expect(back.names).toEqual(["lid", "body"]);
    expect(back.triangles).toEqual([4, 8]);
    expect(back.bounds.max[2] - back.bounds.min[2]).toBeCloseTo(30, 2);
  });
});
