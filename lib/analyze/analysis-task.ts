import type { StoredAnalysis } from "@/db/schema";
import type { ErrorCode } from "@/lib/api/error-codes";

/** What the pool sends a child: the temp file to read and the name its format is guessed from. */
export interface AnalysisTask {
  path: string;
  filename: string;
}

export type AnalysisReply =
  | { ok: true; analysis: StoredAnalysis }
  | { ok: false; error: { code: ErrorCode; message: string; param?: string; details?: unknown } }
  /** A bug in an engine (not an AppError): the pool logs it and answers 500. */
  | { ok: false; crash: string };

export const TOO_LARGE_MESSAGE =
  "Analysing this file needed more memory than one analysis may use: it is too large or too complex. Simplify it or split it into parts.";
