/**
 * The second thread of slicePrintInParallel (see parallel-slice.ts): slices the share of the layers
 * it is sent. Bundled to dist/slice-thread.cjs for the analysis child; tests bundle it the same way.
 */
import { parentPort } from "node:worker_threads";
import { answerSliceRequest, type SliceThreadRequest } from "../parallel-slice";

const port = parentPort!;

port.on("message", (request: SliceThreadRequest) => port.postMessage(answerSliceRequest(request)));
