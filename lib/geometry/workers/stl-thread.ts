/**
 * The second thread of analyzeStlFileInParallel (see parallel-stl.ts). Bundled
 * to dist/stl-thread.cjs for the CLI; tests bundle it the same way.
 */
import { parentPort } from "node:worker_threads";
import { isDomainError } from "@/lib/errors";
import { announceStlWorkerReady, followStlWelding, type StlThreadReply, type StlThreadRequest } from "../parallel-stl";

const port = parentPort!;

port.on("message", ({ file, triangles, arena }: StlThreadRequest) => {
  try {
    announceStlWorkerReady(arena, triangles);
    const followed = followStlWelding(file, triangles, arena);
    reply(
      followed
        ? { type: "followed", ...followed }
        : { type: "error", code: "internal_error", message: "The welding thread stopped." },
    );
  } catch (error) {
    const unreadable = isDomainError(error) && error.code === "unreadable_file";
    reply({
      type: "error",
      code: unreadable ? "unreadable_file" : "internal_error",
      message: error instanceof Error ? error.message : String(error),
    });
  }
});

function reply(message: StlThreadReply): void {
  port.postMessage(message);
}
