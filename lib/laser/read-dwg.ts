import { fork } from "node:child_process";
import { residentMb } from "@/lib/process-memory";
import { DomainError } from "@/lib/errors";
import { resolveFromRoot } from "@/lib/paths";
import type { DrawingModel } from "./types";
import { convertDwgDrawing, type DwgDrawing } from "./dwg-entities";

/** DWG versions LibreDWG reads reliably: R13 … 2018 (AC1032 is still the current format). */
const SUPPORTED_VERSIONS: Record<string, string> = {
  AC1012: "R13",
  AC1014: "R14",
  AC1015: "2000",
  AC1018: "2004",
  AC1021: "2007",
  AC1024: "2010",
  AC1027: "2013",
  AC1032: "2018",
};

/** Releases before R13, named in the refusal so the user knows what to save as instead. */
const PRE_R13_VERSIONS: Record<string, string> = {
  "AC1.40": "R1.4",
  "AC1.50": "R2.0",
  "AC2.10": "R2.10",
  AC1001: "R2.2",
  AC1002: "R2.5",
  AC1003: "R2.6",
  AC1004: "R9",
  AC1006: "R10",
  AC1009: "R11/R12",
};

export const DEFAULT_DWG_TIMEOUT_MS = 20_000;
export const DEFAULT_DWG_MEMORY_MB = 512;
const MEMORY_POLL_MS = 100;

export interface DwgLimits {
  timeoutMs: number;
  memoryMb: number;
}

export async function readDwg(bytes: Uint8Array, limits: DwgLimits): Promise<DrawingModel> {
  const version = String.fromCharCode(...bytes.subarray(0, 6));
  if (!SUPPORTED_VERSIONS[version]) {
    // LibreDWG opens R1.4–R12 files too, but drops their blocks and misplaces lines (LibreDWG's r9–r11 test
    // drawings against their DXF twins, docs/laser.md): refused rather than quoted wrong.
    const release = PRE_R13_VERSIONS[version];
    throw new DomainError(
      "unsupported_format",
      `This DWG version (${release ? `AutoCAD ${release}, ` : ""}${version}) is not supported. Save it as DWG R13–2018 or as DXF and upload it again.`,
      {
        details: { version },
      },
    );
  }
  const drawing = await convertInChild(bytes, limits);
  return convertDwgDrawing(drawing);
}

/** Resident memory of a process in MB from /proc (Linux); null elsewhere, where only the heap limit applies. */
/**
 * Runs the conversion in a fresh child process. The JS heap is capped with
 * --max-old-space-size; WebAssembly memory lives outside that heap, so the parent
 * also polls the child's resident size and kills it past the limit.
 */
function convertInChild(bytes: Uint8Array, { timeoutMs, memoryMb }: DwgLimits): Promise<DwgDrawing> {
  return new Promise((resolve, reject) => {
    const child = fork(resolveFromRoot("lib/laser/workers/dwg-worker.mjs"), [], {
      execArgv: [`--max-old-space-size=${memoryMb}`],
      serialization: "advanced",
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    let settled = false;
    const finish = (error: DomainError | null, drawing?: DwgDrawing) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(poll);
      if (child.exitCode === null) child.kill("SIGKILL");
      if (error) reject(error);
      else resolve(drawing as DwgDrawing);
    };
    const timer = setTimeout(() => {
      finish(
        new DomainError(
          "unreadable_file",
          `DWG conversion timed out after ${(timeoutMs / 1000).toFixed(1)} s; the file may be damaged or too complex. Try saving it as DXF.`,
        ),
      );
    }, timeoutMs);
    const poll = setInterval(() => {
      const rss = child.pid ? residentMb(child.pid) : null;
      if (rss !== null && rss > memoryMb) {
        finish(
          new DomainError(
            "unreadable_file",
            `DWG conversion needed more than ${memoryMb} MB of memory and was stopped; the file may be damaged or too complex. Try saving it as DXF.`,
          ),
        );
      }
    }, MEMORY_POLL_MS);
    child.on("message", (msg: { ok: boolean; drawing?: DwgDrawing; message?: string }) => {
      if (msg.ok) finish(null, msg.drawing);
      else
        finish(
          new DomainError(
            "unreadable_file",
            `The DWG file could not be read (${msg.message ?? "unknown error"}); it may be damaged. Try saving it as DXF.`,
          ),
        );
    });
    child.on("error", (err) =>
      finish(new DomainError("unreadable_file", `The DWG converter could not start (${err.message}).`)),
    );
    child.on("exit", (code, signal) => {
      const why = signal ? `signal ${signal}` : `exit code ${code}`;
      const tail = stderr.includes("heap out of memory") ? "out of memory" : why;
      finish(
        new DomainError(
          "unreadable_file",
          `The DWG converter stopped before finishing (${tail}); the file may be damaged. Try saving it as DXF.`,
        ),
      );
    });
    child.send({ bytes });
  });
}
