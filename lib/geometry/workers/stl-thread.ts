/**
 * The second thread of analyzeStlFileInParallel (see parallel-stl.ts). Bundled
 * to dist/stl-thread.mjs for the CLI; tests bundle it the same way.
 */
import { parentPort } from "node:worker_threads";
import { isAppError } from "@/lib/api/app-error";
import { measureStlFile, type StlThreadReply, type StlThreadRequest } from "../parallel-stl";
import { countShells } from "../topology";

const port = parentPort!;

port.on("message", (request: StlThreadRequest) => {
  try {
    if (request.type === "measure") reply({ type: "measured", ...measureStlFile(request.file, request.triangles) });
    else reply({ type: "shells", parts: countShells(request.indices, request.vertices) });
  } catch (error) {
    const unreadable = isAppError(error) && error.code === "unreadable_file";
    reply({ type: "error", code: unreadable ? "unreadable_file" : "internal_error", message: error instanceof Error ? error.message : String(error) });
  }
});

function reply(message: StlThreadReply): void {
  port.postMessage(message);
}
