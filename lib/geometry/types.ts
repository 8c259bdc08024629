export type MeshFormat = "stl" | "obj" | "off" | "ply" | "3mf" | "amf" | "step" | "iges" | "brep";

export type MeshWarningCode =
  | "NON_MANIFOLD"
  | "OPEN_EDGES"
  | "INCONSISTENT_WINDING"
  | "UNIT_SUSPECT"
  | "DEGENERATE_TRIANGLES";

export interface MeshWarning {
  code: MeshWarningCode;
  message: string;
}

export interface BoundingBoxSize {
  x: number;
  y: number;
  z: number;
}

export interface MeshGeometry {
  volume_cm3: number;
  surface_area_cm2: number;
  bbox_mm: BoundingBoxSize;
  is_manifold: boolean;
  triangles: number;
  vertices: number;
  parts: number;
  is_watertight: boolean;
  is_winding_consistent: boolean;
  degenerate_triangles: number;
  /** The unit the file declared ("millimeter", "inch", …) or "assumed_mm" when the format has none. */
  units: string;
  warnings: MeshWarning[];
}

export interface MeshComponent {
  name: string;
  triangles: number;
  volume_cm3: number;
  surface_area_cm2: number;
  bbox_mm: BoundingBoxSize;
}

export interface MeshAnalysis {
  kind: "mesh";
  format: MeshFormat;
  geometry: MeshGeometry;
  components: MeshComponent[];
}

export interface AnalyzeMeshOptions {
  /** Cap on the bytes inflated from a 3MF/AMF archive (declared and actual). Default 1 GiB; see lib/geometry/unzip.ts for the other caps. */
  maxUnzippedBytes?: number;
  /** Time limit for tessellating STEP/IGES/BREP in the worker. Default 60 s. */
  stepTimeoutMs?: number;
}

/** A run of consecutive triangles that came from one named object of the file. */
export interface ComponentRange {
  name: string;
  firstTriangle: number;
  triangleCount: number;
}

/**
 * A welded triangle mesh in millimetres, as produced by `parseMesh`.
 *
 * - `positions`: xyz per vertex, interleaved. Float32Array for STL (its native
 *   precision), Float64Array otherwise. Vertices with identical coordinates are
 *   already merged and every vertex is used by some triangle, so
 *   `positions.length / 3` is the welded vertex count.
 * - `indices`: three vertex indices per triangle, in the file's winding order
 *   (counter-clockwise seen from outside for a well-formed file).
 * - `components`: consecutive triangle ranges covering all triangles, one per
 *   object/group/solid of the file (3MF build items placed twice appear twice).
 */
export interface ParsedMesh {
  format: MeshFormat;
  units: string;
  positions: Float32Array | Float64Array;
  indices: Uint32Array;
  components: ComponentRange[];
}
