import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { expect } from "vitest";
import { DomainError, type ErrorCode } from "@/lib/errors";

export const CORPUS = path.resolve("test/fixtures/corpus");

export function readCorpusFile(relativePath: string): Uint8Array {
  return new Uint8Array(fs.readFileSync(path.join(CORPUS, relativePath)));
}

export function toBytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** Awaits `work` and checks it failed with a DomainError of the given code whose message matches. */
export async function expectAppError(work: Promise<unknown>, code: ErrorCode, message?: RegExp): Promise<DomainError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  const appError = error as DomainError;
  expect(appError.code).toBe(code);
  if (message) expect(appError.message).toMatch(message);
  return appError;
}

export function isToolInstalled(tool: string): boolean {
  return spawnSync("which", [tool]).status === 0;
}

/** Relative closeness check with a readable failure. */
export function expectClose(actual: number, expected: number, relativeTolerance = 1e-6): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * relativeTolerance + 1e-12);
}
