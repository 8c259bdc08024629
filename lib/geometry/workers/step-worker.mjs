// Tessellates STEP/IGES/BREP with OpenCascade (occt-import-js, WebAssembly) off
// the main thread, so the caller can enforce a time limit by terminating us.
// Input (workerData): { format: "step" | "iges" | "brep", bytes: Uint8Array, params, wasmModule }
// where wasmModule is OpenCascade already compiled by the parent (compiling it
// takes longer than most files take to tessellate).
// Output: { ok: true, meshes: [{ name, positions: Float32Array, indices: Uint32Array }] } or { ok: false }.
import { parentPort, workerData } from "node:worker_threads";
import createOcct from "occt-import-js";

// Silence OpenCascade's progress output: it would end up in the parent's stdout (e.g. CLI JSON).
const occt = await createOcct({
  print: () => {},
  printErr: () => {},
  instantiateWasm(imports, receiveInstance) {
    WebAssembly.instantiate(workerData.wasmModule, imports).then((instance) =>
      receiveInstance(instance, workerData.wasmModule),
    );
    return {};
  },
});
const readers = { step: occt.ReadStepFile, iges: occt.ReadIgesFile, brep: occt.ReadBrepFile };
const result = readers[workerData.format](workerData.bytes, workerData.params);

if (!result || !result.success) {
  parentPort.postMessage({ ok: false });
} else {
  const meshes = result.meshes.map((mesh) => ({
    name: mesh.name ?? "",
    positions: Float32Array.from(mesh.attributes.position.array),
    indices: Uint32Array.from(mesh.index.array),
  }));
  const transfer = meshes.flatMap((mesh) => [mesh.positions.buffer, mesh.indices.buffer]);
  parentPort.postMessage({ ok: true, meshes }, transfer);
}
