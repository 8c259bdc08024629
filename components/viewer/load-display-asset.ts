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

export interface LoadedPart {
  name: string;
  object: THREE.Object3D;
}

/** GLB (meshopt-compressed, quantised) → one object per named component. */
export async function parseDisplayMesh(
  buffer: ArrayBuffer,
  material: THREE.Material,
): Promise<{ root: THREE.Group; parts: LoadedPart[] }> {
  const loader = new GLTFLoader().setMeshoptDecoder(MeshoptDecoder);
  const gltf = await loader.parseAsync(buffer, "");
  const root = new THREE.Group();
  const parts: LoadedPart[] = [];
  for (const node of [...gltf.scene.children]) {
    node.traverse((child) => {
      if (child instanceof THREE.Mesh) child.material = material;
    });
    root.add(node);
    parts.push({ name: node.name || `Part ${parts.length + 1}`, object: node });
  }
  return { root, parts };
}

export function parseDisplayDrawing(buffer: ArrayBuffer): DisplayDrawing {
  return JSON.parse(new TextDecoder().decode(buffer)) as DisplayDrawing;
}
