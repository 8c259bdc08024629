import * as THREE from "three";
import { GLTFLoader } from "three/examples/jsm/loaders/GLTFLoader.js";
import { MeshoptDecoder } from "three/examples/jsm/libs/meshopt_decoder.module.js";
import type { DisplayDrawing } from "@/lib/viewer/build-display-drawing";

/** The display asset did not download; the viewer words the message in its language. */
export class DisplayDownloadError extends Error {
  constructor(readonly status: number) {
    super(`The model could not be downloaded (HTTP ${status}).`);
  }
}

/** Downloads with progress: the server sends the uncompressed size in X-Display-Size (gzip drops Content-Length). */
export async function fetchWithProgress(
  src: string,
  onProgress: (fraction: number | null) => void,
): Promise<ArrayBuffer> {
  const response = await fetch(src);
  if (!response.ok || !response.body) throw new DisplayDownloadError(response.status);
  const total = Number(response.headers.get("x-display-size") ?? response.headers.get("content-length") ?? 0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress(total > 0 ? Math.min(1, received / total) : null);
  }
  const out = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out.buffer;
}

/** One mesh of a part, placed by its matrix in the model's frame (the GLB's dequantising transforms included). */
export interface PartMesh {
  geometry: THREE.BufferGeometry;
  matrix: THREE.Matrix4;
}

export interface LoadedPart {
  name: string;
  meshes: PartMesh[];
  box: THREE.Box3;
}

/** GLB (meshopt-compressed, quantised) → one part per named component, flattened to meshes the scene declares. */
export async function parseDisplayMesh(buffer: ArrayBuffer): Promise<LoadedPart[]> {
  const loader = new GLTFLoader().setMeshoptDecoder(MeshoptDecoder);
  const gltf = await loader.parseAsync(buffer, "");
  gltf.scene.updateMatrixWorld(true);
  return gltf.scene.children.map((node, i) => {
    const meshes: PartMesh[] = [];
    const box = new THREE.Box3();
    node.traverse((child) => {
      if (!(child instanceof THREE.Mesh)) return;
      const geometry = child.geometry as THREE.BufferGeometry;
      geometry.computeBoundingBox();
      box.union(geometry.boundingBox!.clone().applyMatrix4(child.matrixWorld));
      meshes.push({ geometry, matrix: child.matrixWorld.clone() });
    });
    return { name: node.name || `Part ${i + 1}`, meshes, box };
  });
}

export function parseDisplayDrawing(buffer: ArrayBuffer): DisplayDrawing {
  return JSON.parse(new TextDecoder().decode(buffer)) as DisplayDrawing;
}
