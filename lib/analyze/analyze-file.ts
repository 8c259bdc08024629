import { AppError } from "@/lib/api/app-error";
import { analyzeMesh, detectMeshFormat, type MeshAnalysis } from "@/lib/geometry";
import { analyzeDrawing, detectDrawingFormat, type DrawingAnalysis } from "@/lib/laser";

export type FileAnalysis = MeshAnalysis | DrawingAnalysis;

export const ACCEPTED_EXTENSIONS = ["stl", "3mf", "obj", "amf", "ply", "off", "step", "stp", "iges", "igs", "brep", "dxf", "dwg"];

/** Any supported CAD file → its measured geometry: a mesh for 3D printing or contours for laser cutting. */
export async function analyzeFile(bytes: Uint8Array, filename: string): Promise<FileAnalysis> {
  if (bytes.byteLength === 0) throw new AppError("unreadable_file", `${filename} is empty.`);
  if (detectDrawingFormat(bytes, filename)) return analyzeDrawing(bytes, filename);
  if (detectMeshFormat(bytes, filename)) return analyzeMesh(bytes, filename);
  throw new AppError(
    "unsupported_format",
    `${filename} is not a supported CAD file. Accepted: ${ACCEPTED_EXTENSIONS.map((e) => `.${e}`).join(", ")}.`,
    { details: { accepted_extensions: ACCEPTED_EXTENSIONS } },
  );
}
