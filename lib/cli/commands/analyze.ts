import fs from "node:fs/promises";
import path from "node:path";
import { analyzeFile } from "@/lib/analyze/analyze-file";
import { printResult, UsageError } from "../output";

export async function runAnalyze(args: string[], flags: { json: boolean }): Promise<void> {
  const file = args[0];
  if (!file) throw new UsageError("usage: bengkel analyze FILE [--json]");
  // A view on the Buffer, not a copy: a 1M-triangle STL is ~50 MB.
  const buffer = await fs.readFile(file);
  const result = await analyzeFile(new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength), path.basename(file));
  printResult(result, flags.json, () =>
    Object.entries(result.geometry)
      .filter(([, v]) => typeof v !== "object" || v === null)
      .map(([k, v]) => `${k.padEnd(22)} ${v}`)
      .concat(`bbox_mm                ${Object.values(result.geometry.bbox_mm).map((v) => v.toFixed(3)).join(" × ")}`)
      .join("\n"),
  );
}
