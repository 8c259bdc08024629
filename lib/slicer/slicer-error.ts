/** The slicer module's one error: a domain error with a machine-readable code (mapped to HTTP elsewhere). */

export type SlicerErrorCode =
  /** The slicer binary (or prlimit, which the memory limit needs) is missing or not executable. */
  | "slicer_not_found"
  /** Still running at timeoutMs: its whole process group was killed. */
  | "slicer_timeout"
  /** Exited non-zero or by a signal (crash, out of memory, object off the bed, bad mesh…). */
  | "slicer_failed"
  /** Exited 0 but the G-code is missing or has no readable summary. */
  | "slicer_output_invalid"
  /** The profile or options cannot be written as a safe config (non-finite number, unknown pattern…). */
  | "slicer_config_invalid"
  /** The caller's AbortSignal fired: the process group was killed. */
  | "slicer_aborted";

export interface SlicerErrorDetail {
  exitCode?: number | null;
  signal?: string | null;
  /** The last lines the slicer wrote to stderr / stdout (capped). */
  stderrTail?: string;
  stdoutTail?: string;
}

export class SlicerError extends Error {
  readonly code: SlicerErrorCode;
  readonly detail: SlicerErrorDetail;

  constructor(code: SlicerErrorCode, message: string, detail: SlicerErrorDetail = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SlicerError";
    this.code = code;
    this.detail = detail;
  }
}
