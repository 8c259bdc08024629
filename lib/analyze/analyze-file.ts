import { DomainError } from "@/lib/errors";
import { detectMeshFormat } from "@/lib/geometry/detect-format";
import { detectDrawingFormat } from "@/lib/laser/detect-format";
import type { MeshAnalysis } from "@/lib/geometry";
import type { DrawingAnalysis } from "@/lib/laser";
import type { StoredAnalysis } from "@/db/schema";

export type FileAnalysis = MeshAnalysis | DrawingAnalysis;

export const ACCEPTED_EXTENSIONS = [
  "stl",
  "3mf",
  "obj",
  "amf",
  "ply",
  "off",
  "step",
  "stp",
  "iges",
  "igs",
  "brep",
  "dxf",
  "dwg",
];

/**
 * Any supported CAD file → its measured geometry: a mesh for 3D printing or
 * contours for laser cutting. Each engine is loaded only when a file needs it,
 * which keeps a one-shot `bengkel analyze` from paying for both. `contours: false` skips a
 * drawing's display contours, for a caller that keeps only what toStoredAnalysis keeps.
 */
export async function analyzeFile(
  bytes: Uint8Array,
  filename: string,
  options: { contours?: boolean } = {},
): Promise<FileAnalysis> {
  if (bytes.byteLength === 0) throw new DomainError("unreadable_file", `${filename} is empty.`);
  if (detectDrawingFormat(bytes, filename))
    return (await import("@/lib/laser")).analyzeDrawing(bytes, filename, { contours: options.contours });
  if (detectMeshFormat(bytes, filename)) return (await import("@/lib/geometry")).analyzeMesh(bytes, filename);
  throw new DomainError(
    "unsupported_format",
    `${filename} is not a supported CAD file. Accepted: ${ACCEPTED_EXTENSIONS.map((e) => `.${e}`).join(", ")}.`,
    { details: { accepted_extensions: ACCEPTED_EXTENSIONS } },
  );
}

/** What a file version keeps: the measurements. Display contours of drawings are large and recomputed on demand. */
export function toStoredAnalysis(result: FileAnalysis): StoredAnalysis {
  return result.kind === "mesh"
    ? { kind: "mesh", format: result.format, geometry: { ...result.geometry }, components: result.components }
    : { kind: "laser", format: result.format, geometry: { ...result.geometry } };
}
