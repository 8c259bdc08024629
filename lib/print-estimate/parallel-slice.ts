/**
 * slicePrint on two cores (issue #15's speed target: the 1M-triangle torus in well under a second), and
 * a resin print's layers likewise.
 * A layer's figures depend only on the layers within classifyReach of it (slice.ts), so a worker
 * (workers/slice-thread.ts) slices the upper share of the layers while this thread slices the
 * lower one, each with that margin, and the shares join into slicePrint's summary bit for bit. The
 * mesh is copied to the worker (~18 MB for 1M triangles, a few milliseconds) and the triangles'
 * layers shared with it; the shares' summaries are a few columns per layer. The caller owns the
 * worker, which answers requests in turn and stays usable (kept warm, see lib/analyze/warm-up.ts).
 */
import type { Worker } from "node:worker_threads";
import type { PrintProfile } from "./profile";
import { joinSummaries, type PrintSummary } from "./print-summary";
import { countLayersAbove } from "./resin-layers";
import { slicePrintLayers } from "./slice";
import { triangleLayers, type SliceMesh, type TriangleLayers } from "./slice-outlines";
import { classifyReach } from "./surfaces";

/**
 * What the worker spends besides its share's slicing, against the whole slicing: the request's
 * round trip, the mesh being shared (the torus: its share took ~2 % longer per crossing than this
 * thread's, 2026-11-26).
 */
const WORKER_OVERHEAD_SHARE = 0.02;

/** Below this many triangles one thread is as fast: the margins and the copy cost what a share saves. */
export const PARALLEL_SLICE_MIN_TRIANGLES = 100_000;

export interface SliceThreadRequest {
  /** Echoed in the reply: a request's answer is never taken for another's. */
  id: number;
  positions: Float32Array | Float64Array;
  indices: Uint32Array;
  /** The triangles' layers, computed once by the sender. */
  crossed: TriangleLayers;
  profile: PrintProfile;
  from: number;
  to: number;
  /** A resin print's share: count its layers exposing more than this area (countLayersAbove) instead. */
  resinAreaLimit?: number;
}

export type SliceThreadReply = { id: number } & (
  | { type: "summary"; summary: PrintSummary }
  | { type: "resin"; layersAbove: number }
  | { type: "error"; message: string }
);
type SliceThreadAnswer = Exclude<SliceThreadReply, { type: "error" }>;

let lastRequest = 0;

/**
 * The layer that splits the work: a layer's work grows with the triangles it cuts, so the cut is
 * where `lowerShare` of the triangle-layer crossings lie below, kept a reach away from either end.
 */
export function splitLayer(
  mesh: SliceMesh,
  profile: PrintProfile,
  lowerShare = 0.5,
  crossed: TriangleLayers = triangleLayers(mesh, profile),
): number {
  const { layers: n, first, last } = crossed;
  // Crossings starting minus ending at each layer; summed up, the crossings per layer.
  const delta = new Float64Array(n + 1);
  for (let t = 0; t < first.length; t++) {
    if (first[t] < 0) continue;
    delta[first[t]]++;
    delta[last[t] + 1]--;
  }
  let total = 0;
  for (let i = 0, c = 0; i < n; i++) total += c += delta[i];
  let below = 0,
    k = 0;
  for (let c = delta[0]; k < n && below + c <= total * lowerShare; c += delta[++k]) below += c;
  const reach = classifyReach(profile);
  return Math.max(reach, Math.min(n - reach, k));
}

/**
 * The summary slicePrint gives, the upper share of the layers sliced by `thread`. `meanwhile.run`
 * is more work for this thread once its share is done (the supports plan, in measure-print.ts),
 * so this thread then takes the smaller share: `meanwhile.share` is that work's cost against the
 * whole slicing's.
 */
export async function slicePrintInParallel(
  mesh: SliceMesh,
  profile: PrintProfile,
  thread: Worker,
  meanwhile?: { run: () => void; share: number },
): Promise<PrintSummary> {
  const crossed = triangleLayers(mesh, profile);
  const n = crossed.layers;
  if (n <= 2 * classifyReach(profile)) {
    const summary = slicePrintLayers(mesh, profile, undefined, crossed);
    meanwhile?.run();
    return summary;
  }
  // Both threads busy as long: lower + meanwhile = upper + the worker's overhead.
  const lowerShare = (1 + WORKER_OVERHEAD_SHARE - (meanwhile?.share ?? 0)) / 2;
  const k = splitLayer(mesh, profile, Math.max(0, lowerShare), crossed);
  // Sent before this thread gets busy: the worker starts on its share at once.
  const { positions, indices } = sharedMesh(mesh);
  const upper = askSliceThread(thread, { positions, indices, crossed, profile, from: k, to: n });
  // A failure here must not leave the worker's answer unhandled.
  upper.catch(() => {});
  const lower = slicePrintLayers(mesh, profile, { from: 0, to: k }, crossed);
  meanwhile?.run();
  return joinSummaries([lower, await upper]);
}

/**
 * A resin print's layer count and how many layers expose more than `limit` (resin-layers.ts), `thread`
 * counting the upper share. A resin layer's area depends on no other layer: the shares need no margin.
 */
export async function resinLayersInParallel(
  mesh: SliceMesh,
  profile: PrintProfile,
  limit: number,
  thread: Worker,
): Promise<{ layers: number; slowTiltLayers: number }> {
  const crossed = triangleLayers(mesh, profile);
  const n = crossed.layers;
  if (n <= 2 * classifyReach(profile))
    return { layers: n, slowTiltLayers: countLayersAbove(mesh, profile, limit, undefined, crossed) };
  const k = splitLayer(mesh, profile, (1 + WORKER_OVERHEAD_SHARE) / 2, crossed);
  const { positions, indices } = sharedMesh(mesh);
  const upper = ask(thread, { positions, indices, crossed, profile, from: k, to: n, resinAreaLimit: limit });
  upper.catch(() => {});
  const lower = countLayersAbove(mesh, profile, limit, { from: 0, to: k }, crossed);
  const answer = await upper;
  if (answer.type !== "resin") throw new Error("The slicing thread answered with a print summary.");
  return { layers: n, slowTiltLayers: lower + answer.layersAbove };
}

// Copies of meshes in shared memory, per mesh's positions (a mesh sliced for several profiles is copied once).
const sharedCopies = new WeakMap<SliceMesh["positions"], { indices: Uint32Array; copy: SliceMesh }>();
const inSharedMemory = (a: ArrayBufferView) => a.buffer instanceof SharedArrayBuffer;
function shared<T extends Float32Array | Float64Array | Uint32Array>(array: T): T {
  if (inSharedMemory(array)) return array;
  const copy = new (array.constructor as new (buffer: SharedArrayBuffer) => T)(new SharedArrayBuffer(array.byteLength));
  copy.set(array);
  return copy;
}

/**
 * The mesh with its arrays in shared memory: posting arrays copies them twice (serialised here,
 * deserialised in the worker; 26–63 ms on this thread alone for 1M triangles on a busy machine), shared ones
 * not at all, for one copy here (1–25 ms).
 */
function sharedMesh(mesh: SliceMesh): SliceMesh {
  if (inSharedMemory(mesh.positions) && inSharedMemory(mesh.indices)) return mesh;
  const known = sharedCopies.get(mesh.positions);
  if (known?.indices === mesh.indices) return known.copy;
  const copy = { positions: shared(mesh.positions), indices: shared(mesh.indices) };
  sharedCopies.set(mesh.positions, { indices: mesh.indices, copy });
  return copy;
}

/** Sends the worker an FDM share (queued behind any other request it has); its error reply or a crash rejects. */
export async function askSliceThread(
  thread: Worker,
  share: Omit<SliceThreadRequest, "id" | "resinAreaLimit">,
): Promise<PrintSummary> {
  const answer = await ask(thread, share);
  if (answer.type !== "summary") throw new Error("The slicing thread answered with a resin count.");
  return answer.summary;
}

function ask(thread: Worker, share: Omit<SliceThreadRequest, "id">): Promise<SliceThreadAnswer> {
  const request = { ...share, id: ++lastRequest };
  return new Promise((resolve, reject) => {
    const settle = () => {
      thread.off("message", onMessage);
      thread.off("error", onError);
      thread.off("exit", onExit);
    };
    const onMessage = (reply: SliceThreadReply) => {
      if (reply.id !== request.id) return;
      settle();
      if (reply.type === "error") reject(new Error(`The slicing thread failed: ${reply.message}`));
      else resolve(reply);
    };
    const onError = (error: Error) => {
      settle();
      reject(error);
    };
    const onExit = (code: number) => {
      settle();
      reject(new Error(`The slicing thread stopped (exit code ${code}).`));
    };
    thread.on("message", onMessage);
    thread.on("error", onError);
    thread.on("exit", onExit);
    thread.postMessage(request);
  });
}

/** The worker's side: one share. */
export function answerSliceRequest(request: SliceThreadRequest): SliceThreadReply {
  const { id, positions, indices, crossed, profile, from, to, resinAreaLimit } = request;
  const mesh = { positions, indices };
  try {
    if (resinAreaLimit !== undefined)
      return { id, type: "resin", layersAbove: countLayersAbove(mesh, profile, resinAreaLimit, { from, to }, crossed) };
    const summary = slicePrintLayers(mesh, profile, { from, to }, crossed);
    return { id, type: "summary", summary };
  } catch (error) {
    return { id, type: "error", message: error instanceof Error ? error.message : String(error) };
  }
}
