import { readFile } from "node:fs/promises";
import { Worker } from "node:worker_threads";
import { DomainError } from "@/lib/errors";
import { resolveFromRoot } from "@/lib/paths";
import { MeshBuilder } from "../mesh-builder";
import type { ParsedMesh } from "../types";
import { ASSUMED_MILLIMETRES } from "../units";

type CadFormat = "step" | "iges" | "brep";

interface TessellatedMesh {
  name: string;
  positions: Float32Array;
  indices: Uint32Array;
}

type WorkerReply = { ok: true; meshes: TessellatedMesh[] } | { ok: false };

const DEFAULT_TIMEOUT_MS = 60_000;
/**
 * occt-import-js converts STEP/IGES to `linearUnit` itself (checked: the
 * corpus cube in mm, m and inch all come out 1000 mm wide). Deflection 0.1%
 * of the bounding box and 0.1 rad keep curved volumes within ~0.2%; flat
 * faces are exact at any setting.
 */
const TESSELLATION_PARAMS = {
  linearUnit: "millimeter",
  linearDeflectionType: "bounding_box_ratio",
  linearDeflection: 0.001,
  angularDeflection: 0.1,
};

const FORMAT_LABEL: Record<CadFormat, string> = { step: "STEP", iges: "IGES", brep: "BREP" };

/** Tessellates a STEP, IGES or BREP file in a worker thread that is killed after `stepTimeoutMs`. */
export async function parseCadWithOcct(
  bytes: Uint8Array,
  format: CadFormat,
  defaultName: string,
  options: { stepTimeoutMs?: number },
): Promise<ParsedMesh> {
  const label = FORMAT_LABEL[format];
  const reply = await runWorker(bytes, format, options.stepTimeoutMs ?? DEFAULT_TIMEOUT_MS);
  if (!reply.ok)
    throw new DomainError(
      "unreadable_file",
      `OpenCascade could not read this ${label} file; it may be damaged or not a ${label} file.`,
    );

  const builder = new MeshBuilder(defaultName);
  for (const mesh of reply.meshes) {
    builder.beginComponent(mesh.name || defaultName);
    const base = builder.vertexCount;
    const p = mesh.positions;
    for (let i = 0; i < p.length; i += 3) builder.addVertex(p[i], p[i + 1], p[i + 2]);
    const t = mesh.indices;
    for (let i = 0; i < t.length; i += 3) builder.addTriangle(base + t[i], base + t[i + 1], base + t[i + 2]);
  }
  return builder.finish(format, readDeclaredUnit(bytes, format), 1);
}

let compiledOcct: Promise<WebAssembly.Module> | null = null;

/** Compiles OpenCascade's WebAssembly once per process; each worker only instantiates it. */
function compileOcct(): Promise<WebAssembly.Module> {
  compiledOcct ??= readFile(resolveFromRoot("node_modules/occt-import-js/dist/occt-import-js.wasm")).then((wasm) =>
    WebAssembly.compile(wasm),
  );
  return compiledOcct;
}

async function runWorker(bytes: Uint8Array, format: CadFormat, timeoutMs: number): Promise<WorkerReply> {
  const label = FORMAT_LABEL[format];
  const wasmModule = await compileOcct();
  return new Promise((resolve, reject) => {
    const worker = new Worker(resolveFromRoot("lib/geometry/workers/step-worker.mjs"), {
      workerData: { format, bytes, params: TESSELLATION_PARAMS, wasmModule },
    });
    let settled = false;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      action();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(
            new DomainError(
              "unreadable_file",
              `${label} file took longer than ${Math.round(timeoutMs / 1000)} s to tessellate; it is too complex or damaged.`,
            ),
          ),
        ),
      timeoutMs,
    );
    worker.once("message", (reply: WorkerReply) => finish(() => resolve(reply)));
    worker.once("error", (error) =>
      finish(() =>
        reject(new DomainError("unreadable_file", `${label} file could not be tessellated: ${error.message}`)),
      ),
    );
    worker.once("exit", (code) =>
      finish(() =>
        reject(new DomainError("unreadable_file", `${label} tessellation stopped unexpectedly (exit code ${code}).`)),
      ),
    );
  });
}

const STEP_SI_PREFIX: Record<string, string> = {
  ".MILLI.": "millimeter",
  ".CENTI.": "centimeter",
  $: "meter",
  ".MICRO.": "micron",
  ".KILO.": "kilometer",
};
const IGES_UNIT_FLAG: Record<string, string> = {
  "1": "inch",
  "2": "millimeter",
  "4": "foot",
  "5": "mile",
  "6": "meter",
  "7": "kilometer",
  "8": "mil",
  "9": "micron",
  "10": "centimeter",
  "11": "microinch",
};

/** The length unit the file declares (for reporting; OpenCascade already converted the geometry to mm). */
function readDeclaredUnit(bytes: Uint8Array, format: CadFormat): string {
  if (format === "brep") return ASSUMED_MILLIMETRES;
  const text = new TextDecoder("latin1").decode(bytes.subarray(0, 4 * 1024 * 1024));
  if (format === "step") {
    const converted =
      /CONVERSION_BASED_UNIT\s*\(\s*'([^']+)'[^;]*LENGTH_UNIT/i.exec(text) ??
      /LENGTH_UNIT\s*\(\s*\)[^;]*CONVERSION_BASED_UNIT\s*\(\s*'([^']+)'/i.exec(text);
    if (converted) return converted[1].toLowerCase();
    const si = /LENGTH_UNIT\s*\(\s*\)[^;]*SI_UNIT\s*\(\s*(\.\w+\.|\$)\s*,\s*\.METRE\.\s*\)/i.exec(text);
    return si ? (STEP_SI_PREFIX[si[1].toUpperCase()] ?? "millimeter") : "millimeter";
  }
  // IGES global section (lines flagged "G" in column 73): parameter 14 is the unit flag.
  const globalSection = text
    .split(/\r?\n/)
    .filter((line) => line[72] === "G")
    .map((line) => line.slice(0, 72))
    .join("");
  const parameterDelimiter = globalSection.startsWith("1H") ? globalSection[2] : ",";
  const unitFlag = splitIgesParameters(globalSection, parameterDelimiter)[13]?.trim();
  return IGES_UNIT_FLAG[unitFlag ?? ""] ?? "millimeter";
}

/** Splits IGES global parameters, skipping over Hollerith strings ("5HHELLO") that may contain the delimiter. */
function splitIgesParameters(section: string, delimiter: string): string[] {
  const parameters: string[] = [];
  let current = "";
  for (let i = 0; i < section.length; i++) {
    const hollerith = /^(\d+)H/.exec(section.slice(i, i + 12));
    if (current.trim() === "" && hollerith) {
      const length = Number(hollerith[1]);
      current = section.slice(i, i + hollerith[0].length + length);
      i += hollerith[0].length + length - 1;
    } else if (section[i] === delimiter || section[i] === ";") {
      parameters.push(current);
      current = "";
    } else {
      current += section[i];
    }
  }
  return parameters;
}
