/**
 * The second thread of analyzeStlFileInParallel (see parallel-stl.ts). Bundled
 * to dist/stl-thread.mjs for the CLI; tests bundle it the same way.
 */
import { parentPort } from "node:worker_threads";
import { isAppError } from "@/lib/api/app-error";
import { boxOfVertices, sumRange } from "../measure";
import {
  halfOfCorners,
  MAIN_MERGED,
  mergeShares,
  signal,
  waitFor,
  weldStlFileShare,
  WORKER_MERGED,
  type StlThreadReply,
  type StlThreadRequest,
} from "../parallel-stl";
import { countShells } from "../topology";

const port = parentPort!;

port.on("message", (request: StlThreadRequest) => {
  try {
    if (request.type === "weld") {
      const indices = new Uint32Array(new SharedArrayBuffer(request.triangles * 12));
      // Copied out of the welder's larger key store, then handed over without another copy.
      const positions = weldStlFileShare(request.file, indices, request.share).positions().slice();
      reply({ type: "welded", positions, indices }, [positions.buffer]);
    } else {
      reply(finish(request));
    }
  } catch (error) {
    const unreadable = isAppError(error) && error.code === "unreadable_file";
    reply({ type: "error", code: unreadable ? "unreadable_file" : "internal_error", message: error instanceof Error ? error.message : String(error) });
  }
});

function reply(message: StlThreadReply, transfer: ArrayBuffer[] = []): void {
  port.postMessage(message, transfer);
}

function finish({ positions, indices, otherIndices, otherOffset, sync }: Extract<StlThreadRequest, { type: "finish" }>): StlThreadReply {
  const vertices = positions.length / 3;
  mergeShares(indices, otherIndices, halfOfCorners(indices), indices.length, otherOffset);
  signal(sync, WORKER_MERGED);
  waitFor(sync, MAIN_MERGED);
  const sums = sumRange(positions, indices, 0, indices.length / 3);
  return { type: "finished", sums, box: boxOfVertices(positions), parts: countShells(indices, vertices) };
}
