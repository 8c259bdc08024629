import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HOLDOUT_DIR, PARTS_DIR, PROFILE_PATH, listPartFiles, loadReference, sha256 } from "@/eval/quotes/reference";

// `npm run eval:quotes` reads the slicer's figures from reference.json: they must describe the files present.
describe("eval/quotes corpus", () => {
  const reference = loadReference();

  it("lists every part in parts/, each with its current SHA-256", () => {
    expect(reference.parts.map((p) => p.file)).toEqual(listPartFiles());
    for (const part of reference.parts) {
      expect(sha256(fs.readFileSync(path.join(PARTS_DIR, part.file))), part.file).toBe(part.sha256);
    }
  });

  it("lists every holdout part in holdout/, each with its current SHA-256", () => {
    const holdout = reference.holdout ?? [];
    expect(holdout.map((p) => p.file)).toEqual(listPartFiles(HOLDOUT_DIR));
    expect(holdout.length).toBeGreaterThanOrEqual(6);
    for (const part of holdout) {
      expect(sha256(fs.readFileSync(path.join(HOLDOUT_DIR, part.file))), part.file).toBe(part.sha256);
    }
  });

  it("was sliced with the profile in the repo", () => {
    expect(sha256(fs.readFileSync(PROFILE_PATH))).toBe(reference.profile_sha256);
  });

  it("holds the issue's minimum: 25 parts, 5 of them also sliced with supports", () => {
    expect(reference.parts.length).toBeGreaterThanOrEqual(25);
    const supported = reference.parts.filter((p) => p.needs_supports);
    expect(supported.length).toBeGreaterThanOrEqual(5);
    for (const part of supported) expect(part.supports?.weight_g, part.file).toBeGreaterThan(part.no_supports.weight_g);
  });
});
