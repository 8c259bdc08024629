import fs from "node:fs";
import { spawn } from "node:child_process";

/** Paths per `cat` run, well inside Linux's limit on a command line even for 10,000 parts. */
const PATHS_PER_RUN = 1000;

function cat(files: string[], out: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("cat", ["--", ...files], { stdio: ["ignore", out, "pipe"] });
    let stderr = "";
    // stderr is a pipe (the stdio above), so never null; its first kilobyte is plenty for the error.
    child.stderr!.setEncoding("utf8").on("data", (text: string) => {
      if (stderr.length < 1000) stderr += text;
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`cat exited with ${code}: ${stderr.trim()}`)),
    );
  });
}

/**
 * Writes `files`, in order, into `target`, a new file. By coreutils' `cat` with the target as its stdout: it
 * copies inside the kernel (copy_file_range), which Node does not offer; 512 MiB of parts join in 0.13 s against
 * 0.66 s read and written through a stream (docs/benchmarks.md). Later runs append: they share the file offset.
 * On failure the caller removes `target`.
 */
export async function concatenateFiles(files: string[], target: string): Promise<void> {
  const out = fs.openSync(target, "wx");
  try {
    for (let i = 0; i < files.length; i += PATHS_PER_RUN) await cat(files.slice(i, i + PATHS_PER_RUN), out);
  } finally {
    fs.closeSync(out);
  }
}
