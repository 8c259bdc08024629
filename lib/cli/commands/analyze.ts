import fs from "node:fs/promises";
import path from "node:path";
import { analyzeFile } from "@/lib/analyze/analyze-file";
import { printResult, UsageError } from "../output";

export async function runAnalyze(args: string[], flags: { json: boolean }): Promise<void> {
  const file = args[0];
  if (!file) throw new UsageError("usage: bengkel analyze FILE [--json]");
  const result = await analyzeFile(new Uint8Array(await fs.readFile(file)), path.basename(file));
  printResult(result, flags.json, () =>
    Object.entries(result.geometry)
      .filter(([, v]) => typeof v !== "object" || v === null)
      .map(([k, v]) => `${k.padEnd(22)} ${v}`)
      .concat(`bbox_mm                ${Object.values(result.geometry.bbox_mm).map((v) => v.toFixed(3)).join(" × ")}`)
      .join("\n"),
  );
}
