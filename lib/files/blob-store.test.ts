import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LocalBlobStore } from "./blob-store";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-blobs-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("LocalBlobStore.sweepTemp", () => {
  it("removes temp files older than the limit and those of a process that is gone, and keeps the rest", async () => {
    const store = new LocalBlobStore(root);
    const tmp = store.tempDir();
    const deadPid = spawnSync(process.execPath, ["-e", "0"]).pid; // exited by now
    const write = (name: string, ageMs = 0) => {
      const file = path.join(tmp, name);
      fs.writeFileSync(file, "x");
      const time = new Date(Date.now() - ageMs);
      fs.utimesSync(file, time, time);
    };
    write("upload-old", 20 * 60_000);
    write(`upload-${deadPid}-abc`);
    write(`upload-${process.pid}-mine`);
    write(`upload-${process.ppid}-parent`);
    write("test-recent");
    expect(await store.sweepTemp(15 * 60_000)).toBe(2);
    expect(fs.readdirSync(tmp).sort()).toEqual(
      [`upload-${process.pid}-mine`, `upload-${process.ppid}-parent`, "test-recent"].sort(),
    );
  });
});
