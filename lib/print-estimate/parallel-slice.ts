/**
 * slicePrint on two cores (issue #15's speed target: the 1M-triangle torus in well under a second).
 * A layer's figures depend only on the layers within classifyReach of it (slice.ts), so a worker
 * (workers/slice-thread.ts) slices the upper share of the layers while this thread slices the
 * lower one, each with that margin, and the shares join into slicePrint's summary bit for bit. The
 * mesh is copied to the worker once (~20 MB for 1M triangles, a few milliseconds); the shares'
 * summaries are a few columns per layer. The caller owns the worker, which serves one request at a
 * time and stays usable (kept warm, see lib/analyze/warm-up.ts).
 */
import type { Worker } from "node:worker_threads";
import type { PrintProfile } from "./profile";
import { joinSummaries, type PrintSummary } from "./print-summary";
import { slicePrintLayers } from "./slice";
import { meshLayerCount, type SliceMesh } from "./slice-outlines";
import { classifyReach } from "./surfaces";

/** Below this many triangles one thread is as fast: the margins and the copy cost what a share saves. */
export const PARALLEL_SLICE_MIN_TRIANGLES = 100_000;

export interface SliceThreadRequest {
  /** Echoed in the reply: a request's answer is never taken for another's. */
  id: number;
  positions: Float32Array | Float64Array;
  indices: Uint32Array;
  profile: PrintProfile;
  from: number;
  to: number;
}

export type SliceThreadReply = { id: number } & (
  | { type: "summary"; summary: PrintSummary }
  | { type: "error"; message: string }
);

let lastRequest = 0;

/**
 * The layer that splits the work: a layer's work grows with the triangles it cuts, so the cut is
 * where `lowerShare` of the triangle-layer crossings lie below (counted by each triangle's z span),
 * kept a reach away from either end.
 */
export function splitLayer(mesh: SliceMesh, profile: PrintProfile, lowerShare = 0.5): number {
  const n = meshLayerCount(mesh, profile);
  const { positions, indices } = mesh;
  let zMin = Infinity;
  for (let v = 2; v < positions.length; v += 3) if (positions[v] < zMin) zMin = positions[v];
  const h0 = profile.firstLayerHeight,
    h = profile.layerHeight;
  const layerOf = (z: number) => Math.max(0, Math.min(n - 1, Math.floor((z - zMin - h0) / h) + 1));
  // Crossings starting minus ending at each layer; summed up, the crossings per layer.
  const delta = new Float64Array(n + 1);
  for (let t = 0; t < indices.length; t += 3) {
    const za = positions[3 * indices[t] + 2],
      zb = positions[3 * indices[t + 1] + 2],
      zc = positions[3 * indices[t + 2] + 2];
    delta[layerOf(Math.min(za, zb, zc))]++;
    delta[layerOf(Math.max(za, zb, zc)) + 1]--;
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
  const n = meshLayerCount(mesh, profile);
  if (n <= 2 * classifyReach(profile)) {
    const summary = slicePrintLayers(mesh, profile);
    meanwhile?.run();
    return summary;
  }
  // Both threads busy as long: lower + meanwhile = upper.
  const k = splitLayer(mesh, profile, Math.max(0, (1 - (meanwhile?.share ?? 0)) / 2));
  // Sent before this thread gets busy: the worker starts on its share at once.
  const upper = askSliceThread(thread, { positions: mesh.positions, indices: mesh.indices, profile, from: k, to: n });
  // A failure here must not leave the worker's answer unhandled.
  upper.catch(() => {});
  const lower = slicePrintLayers(mesh, profile, { from: 0, to: k });
  meanwhile?.run();
  return joinSummaries([lower, await upper]);
}

/** Sends the worker a request (queued behind any other it has); its error reply or a crash rejects. */
export function askSliceThread(thread: Worker, share: Omit<SliceThreadRequest, "id">): Promise<PrintSummary> {
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
      else resolve(reply.summary);
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
export function answerSliceRequest({
  id,
  positions,
  indices,
  profile,
  from,
  to,
}: SliceThreadRequest): SliceThreadReply {
  try {
    return { id, type: "summary", summary: slicePrintLayers({ positions, indices }, profile, { from, to }) };
  } catch (error) {
    return { id, type: "error", message: error instanceof Error ? error.message : String(error) };
  }
}
