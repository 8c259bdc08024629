import { writeJson } from "./write-json";

/** CLI output: JSON on stdout for scripts, readable lines otherwise. Diagnostics go to stderr. */
export function printResult(value: unknown, json: boolean, human: () => string): void {
  if (!json) {
    process.stdout.write(`${human()}\n`);
    return;
  }
  writeJson(value, toStdout);
  process.stdout.write("\n");
}

/** Bytes to stdout as a Buffer view (no copy). */
export function toStdout(bytes: Uint8Array): void {
  process.stdout.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

export class UsageError extends Error {}
