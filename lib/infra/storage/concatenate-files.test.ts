import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { concatenateFiles } from "./concatenate-files";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-concat-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("concatenateFiles", () => {
  it("joins files in order, past one cat run's share of paths", async () => {
    // 1,001 files: the last lands in a second cat run, appending at the shared offset.
    const pieces = Array.from({ length: 1001 }, (_, i) => randomBytes(i % 7 === 0 ? 0 : 1 + (i % 300)));
    const files = pieces.map((bytes, i) => {
      const file = path.join(dir, `-part ${i}`); // a leading dash and a space are just characters of a path
      fs.writeFileSync(file, bytes);
      return file;
    });
    pieces.push(randomBytes(3 * 1024 * 1024));
    files.push(path.join(dir, "large"));
    fs.writeFileSync(files.at(-1)!, pieces.at(-1)!);
    await concatenateFiles(files, path.join(dir, "joined"));
    expect(fs.readFileSync(path.join(dir, "joined")).equals(Buffer.concat(pieces))).toBe(true);
  });

  it("fails when a file is missing, and never overwrites an existing target", async () => {
    const a = path.join(dir, "a");
    fs.writeFileSync(a, "a");
    await expect(concatenateFiles([a, path.join(dir, "missing")], path.join(dir, "out"))).rejects.toThrow(
      /cat exited with 1: .*missing/,
    );
    await expect(concatenateFiles([a], a)).rejects.toMatchObject({ code: "EEXIST" });
  });
});
