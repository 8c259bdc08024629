import { Document, Logger, NodeIO } from "@gltf-transform/core";
import { EXTMeshoptCompression, KHRMeshQuantization } from "@gltf-transform/extensions";
import { meshopt } from "@gltf-transform/functions";
import { MeshoptDecoder, MeshoptEncoder } from "meshoptimizer";
import type { ParsedMesh } from "@/lib/geometry";

/**
 * A welded mesh (mm) → GLB with one named node per component, positions
 * quantised to 14 bits per axis of each part's box and geometry compressed with
 * EXT_meshopt_compression: typically under 10% of a binary STL's bytes.
 */
export async function buildDisplayMesh(mesh: ParsedMesh): Promise<Uint8Array> {
  await MeshoptEncoder.ready;
  const doc = new Document().setLogger(new Logger(Logger.Verbosity.WARN));
  const buffer = doc.createBuffer();
  const scene = doc.createScene("model");
  const material = doc
    .createMaterial("surface")
    .setBaseColorFactor([0.62, 0.66, 0.72, 1])
    .setMetallicFactor(0)
    .setRoughnessFactor(0.8);
  for (const component of mesh.components) {
    const { positions, indices } = extractComponent(mesh, component.firstTriangle, component.triangleCount);
    const primitive = doc
      .createPrimitive()
      .setAttribute("POSITION", doc.createAccessor().setType("VEC3").setArray(positions).setBuffer(buffer))
      .setIndices(doc.createAccessor().setType("SCALAR").setArray(indices).setBuffer(buffer))
      .setMaterial(material);
    const node = doc.createNode(component.name).setMesh(doc.createMesh(component.name).addPrimitive(primitive));
    scene.addChild(node);
  }
  await doc.transform(meshopt({ encoder: MeshoptEncoder, level: "medium", quantizePosition: 14 }));
  const io = new NodeIO()
    .registerExtensions([EXTMeshoptCompression, KHRMeshQuantization])
    .registerDependencies({ "meshopt.encoder": MeshoptEncoder, "meshopt.decoder": MeshoptDecoder });
  return io.writeBinary(doc);
}

/** One component's triangles with its own compact vertex list (the welded mesh shares one list). */
function extractComponent(mesh: ParsedMesh, firstTriangle: number, triangleCount: number) {
  const remap = new Map<number, number>();
  const indices = new Uint32Array(triangleCount * 3);
  const source = mesh.indices.subarray(firstTriangle * 3, (firstTriangle + triangleCount) * 3);
  for (let i = 0; i < source.length; i++) {
    let local = remap.get(source[i]);
    if (local === undefined) {
      local = remap.size;
      remap.set(source[i], local);
    }
    indices[i] = local;
  }
  const positions = new Float32Array(remap.size * 3);
  for (const [global, local] of remap) {
    positions[local * 3] = mesh.positions[global * 3];
    positions[local * 3 + 1] = mesh.positions[global * 3 + 1];
    positions[local * 3 + 2] = mesh.positions[global * 3 + 2];
  }
  return { positions, indices };
}
