import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";

/**
 * The local folder for files in progress (uploads being received, blobs fetched for an analysis child, display
 * meshes being converted), whichever store holds the blobs. Names carry the writer's pid, so a restart after a crash
 * sweeps what the dead process left.
 */
export class TempDir {
  constructor(private readonly root: string) {}

  dir(): string {
    const dir = path.join(this.root, "tmp");
    fs.mkdirSync(dir, { recursive: true });
    return dir;
  }

  /** A fresh path `<purpose>-<pid>-<random>` in the folder; nothing is created. */
  newPath(purpose: string): string {
    return path.join(this.dir(), `${purpose}-${process.pid}-${randomBytes(12).toString("hex")}`);
  }

  /** Removes files older than `maxAgeMs`, or written by a process that is gone. Returns how many. */
  async sweep(maxAgeMs: number): Promise<number> {
    const dir = this.dir();
    const cutoff = Date.now() - maxAgeMs;
    let removed = 0;
    for (const name of await fsp.readdir(dir)) {
      const file = path.join(dir, name);
      const stat = await fsp.stat(file).catch(() => null);
      if (stat && (stat.mtimeMs < cutoff || writerIsGone(name))) {
        await fsp.rm(file, { force: true, recursive: true });
        removed++;
      }
    }
    return removed;
  }
}

/** Temp files are named `<purpose>-<pid>-…` by the process writing them (receive-upload.ts, newPath). */
function writerIsGone(name: string): boolean {
  const pid = Number(name.match(/^[a-z]+-(\d+)-/)?.[1]);
  if (!pid || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}
