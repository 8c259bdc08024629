/**
 * Mesh geometry engine: reads mesh and CAD files into a welded triangle mesh
 * (millimetres) and measures it. Framework-free and server-only (the STEP path
 * starts a worker thread running OpenCascade compiled to WebAssembly).
 */
import { DomainError } from "@/lib/errors";
import { describeMesh } from "./analyze";
import { detectMeshFormat } from "./detect-format";
import { parseObj } from "./formats/obj";
import { parseOff } from "./formats/off";
import { parsePly } from "./formats/ply";
import { parseStl } from "./formats/stl";
import { baseNameOf } from "./text-lines";
import type { AnalyzeMeshOptions, MeshAnalysis, ParsedMesh } from "./types";

export type {
  AnalyzeMeshOptions,
  BoundingBoxSize,
  ComponentRange,
  MeshAnalysis,
  MeshComponent,
  MeshFormat,
  MeshGeometry,
  MeshWarning,
  MeshWarningCode,
  ParsedMesh,
} from "./types";
export { detectMeshFormat } from "./detect-format";
export {
  analyzeAndWeldStlFileInParallel,
  analyzeStlFileInParallel,
  largeBinaryStlTriangles,
  weldedStlMesh,
  type WeldedStl,
} from "./parallel-stl";

/**
 * Reads a mesh or CAD file into a welded triangle mesh in millimetres (see
 * `ParsedMesh`). Throws DomainError: `unsupported_format` when the file is not a
 * format we read, `unreadable_file` when it is damaged or unsafe,
 * `empty_geometry` when it holds no triangles.
 */
export async function parseMesh(
  bytes: Uint8Array,
  filename: string,
  options: AnalyzeMeshOptions = {},
): Promise<ParsedMesh> {
  if (bytes.length === 0) throw new DomainError("unreadable_file", `"${filename}" is empty (0 bytes).`);
  const format = detectMeshFormat(bytes, filename);
  const name = baseNameOf(filename);
  let mesh: ParsedMesh;
  switch (format) {
    case "stl":
      mesh = parseStl(bytes, name);
      break;
    case "obj":
      mesh = parseObj(bytes, name);
      break;
    case "off":
      mesh = parseOff(bytes, name);
      break;
    case "ply":
      mesh = parsePly(bytes, name);
      break;
    // Loaded on demand: the XML, zip and worker code is not needed to start up for STL.
    case "3mf":
      mesh = (await import("./formats/three-mf")).parseThreeMf(bytes, options);
      break;
    case "amf":
      mesh = (await import("./formats/amf")).parseAmf(bytes, name, options);
      break;
    case "step":
    case "iges":
    case "brep":
      mesh = await (await import("./formats/step")).parseCadWithOcct(bytes, format, name, options);
      break;
    case null:
      throw new DomainError(
        "unsupported_format",
        `"${filename}" is not a file type we can read. Upload STL, OBJ, OFF, PLY, 3MF, AMF, STEP, IGES or BREP.`,
      );
  }
  if (mesh.indices.length === 0)
    throw new DomainError(
      "empty_geometry",
      `"${filename}" was read as ${format.toUpperCase()} but contains no triangles.`,
    );
  return mesh;
}

/** Parses and measures a mesh file: volume, area, bounding box, topology checks and warnings. */
export async function analyzeMesh(
  bytes: Uint8Array,
  filename: string,
  options: AnalyzeMeshOptions = {},
): Promise<MeshAnalysis> {
  return describeMesh(await parseMesh(bytes, filename, options));
}
