import type { StoredAnalysis } from "@/db/schema";
import type { ErrorCode } from "@/lib/errors";
import type { FileMetadata, SourceText } from "@/lib/metadata/types";
import type { PrintBasis } from "@/lib/print-estimate/measure-print";
import type { PrintSettings, ProcessKind } from "@/lib/print-estimate/profile-settings";

/**
 * The untrusted work an analysis child does, each on a file it reads from `path` itself (the bytes never
 * cross processes); `filename` is the name its format is guessed from.
 * - `analyze`: an upload's measurements.
 * - `display`: the viewer's form of a stored version (GLB or contour JSON), written to `out`.
 * - `metadata`: the facts search and descriptions are built from, and the file's own texts.
 * - `estimate`: the 3D-print estimators' basis (sliced layers) of a mesh, per print profile.
 * - `kept-estimate`: `estimate` from the welded mesh a child kept, with no file; null when it keeps none.
 * `sha256` (of the file's bytes, as the upload computed it) lets an estimate use the welded mesh the child kept
 * from the analysis of the same bytes (KEEP_MESH_MS).
 */
export type AnalysisTask =
  | { kind: "analyze"; path: string; filename: string; sha256?: string }
  | { kind: "display"; path: string; filename: string; fileKind: "mesh" | "laser"; out: string }
  | { kind: "metadata"; path: string; filename: string; input: MetadataTaskInput }
  | { kind: "estimate"; path: string; filename: string; profiles: EstimateProfile[]; sha256?: string }
  | { kind: "kept-estimate"; filename: string; profiles: EstimateProfile[]; sha256: string };

/**
 * How long a child keeps the welded mesh of a large binary STL it analysed (kept-mesh.ts): the estimate on
 * upload asks for it within a second, and a quote that slices it comes soon after the upload or not at all.
 */
export const KEEP_MESH_MS = 60_000;

export interface EstimateProfile {
  /** Names the answer's entry (the profile's hash). */
  key: string;
  process: ProcessKind;
  settings: PrintSettings;
}

export interface MetadataTaskInput {
  name: string;
  tags: string[];
  fileKind: "mesh" | "laser";
  format: StoredAnalysis["format"];
  analysis: StoredAnalysis;
}

export interface AnalysisResults {
  analyze: StoredAnalysis;
  /** Bytes written to `out`. */
  display: number;
  metadata: { metadata: FileMetadata; texts: SourceText[] };
  estimate: Record<string, PrintBasis>;
  "kept-estimate": Record<string, PrintBasis> | null;
}

export type AnalysisReply =
  /** `meshKept`: the child keeps this analysis's welded mesh for an estimate of the same `sha256`. */
  | { ok: true; value: AnalysisResults[AnalysisTask["kind"]]; meshKept?: true }
  | { ok: false; error: { code: ErrorCode; message: string; param?: string; details?: unknown } }
  /** A bug in an engine (not a DomainError): the pool logs it. */
  | { ok: false; crash: string };

/** The child's argument that asks it to warm up (the child reads no configuration itself). */
export const WARM_UP_FLAG = "--warm-up";

export const TOO_LARGE_MESSAGE =
  "Analysing this file needed more memory than one analysis may use: it is too large or too complex. Simplify it or split it into parts.";
