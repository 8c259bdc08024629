import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { PARALLEL_STL_MIN_BYTES } from "@/lib/geometry/stl-size";

/**
 * `bengkel analyze FILE.stl` on a large file uses a second thread
 * (lib/geometry/parallel-stl.ts), and a thread takes tens of milliseconds to
 * start: so it is started here, first thing, while the command's code loads.
 * Null for any other command or file, and when run from sources (the thread is
 * the bundled dist/stl-thread.cjs).
 */
export function startStlThread(argv: string[]): Worker | null {
  const [command, file] = argv.filter((arg) => !arg.startsWith("-"));
  if (command !== "analyze" || !file || !/\.stl$/i.test(file)) return null;
  if ((fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0) < PARALLEL_STL_MIN_BYTES) return null;
  const workerFile = new URL("./stl-thread.cjs", import.meta.url);
  return fs.existsSync(fileURLToPath(workerFile)) ? new Worker(workerFile) : null;
}
