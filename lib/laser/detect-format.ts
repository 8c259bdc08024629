import type { DrawingFormat } from "./types";

/** DWG starts with its version string: "AC1012"…"AC1032" for R13+, "AC1.40"…"AC1009" before. */
const DWG_MAGIC = /^AC(?:1\d{3}|[12]\.\d\d)$/;
const SNIFF_BYTES = 4096;

function headText(bytes: Uint8Array, n: number): string {
  return String.fromCharCode(...bytes.subarray(0, Math.min(n, bytes.length)));
}

export function extensionFormat(filename: string): DrawingFormat | null {
  const ext = filename.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return ext === "dxf" || ext === "dwg" ? ext : null;
}

/**
 * The content decides: DWG by its version magic, DXF as text whose first section
 * marker (group code 0, "SECTION") appears near the top; binary DXF by its sentinel.
 * A renamed file is still read by what it holds. The extension matters when the
 * content is neither: a file named .dxf/.dwg yields null here, and analyzeDrawing
 * reports it as a damaged drawing (422) rather than a foreign format (415).
 */
export function detectDrawingFormat(bytes: Uint8Array, _filename: string): DrawingFormat | null {
  if (bytes.length >= 6 && DWG_MAGIC.test(headText(bytes, 6))) return "dwg";
  const head = headText(bytes, SNIFF_BYTES);
  if (head.startsWith("AutoCAD Binary DXF")) return "dxf";
  if (head.includes("\0")) return null;
  if (/(?:^|\n)[ \t]*0[ \t]*\r?\n[ \t]*SECTION[ \t]*\r?(?:\n|$)/.test(head)) return "dxf";
  return null;
}
