import { measureMesh, type MeshMeasurements } from "./measure";
import { formatCount } from "./text-lines";
import { analyzeTopology, type MeshTopology } from "./topology";
import type { MeshAnalysis, MeshWarning, ParsedMesh } from "./types";

/** Largest bounding-box dimension outside this range suggests the file's unit was misread (e.g. metres or inches taken as mm). */
const SUSPECT_BELOW_MM = 2;
const SUSPECT_ABOVE_MM = 2000;

export function describeMesh(mesh: ParsedMesh): MeshAnalysis {
  const vertices = mesh.positions.length / 3;
  return describeMeasuredMesh(mesh, {
    triangles: mesh.indices.length / 3,
    vertices,
    measured: measureMesh(mesh),
    topology: analyzeTopology(mesh.indices, vertices),
  });
}

export interface MeshFigures {
  triangles: number;
  vertices: number;
  measured: MeshMeasurements;
  topology: MeshTopology;
}

/** The analysis (geometry fields and warnings) from figures measured by describeMesh or by threads. */
export function describeMeasuredMesh(
  mesh: Pick<ParsedMesh, "format" | "units">,
  { triangles, vertices, measured, topology }: MeshFigures,
): MeshAnalysis {
  const warnings: MeshWarning[] = [];

  if (topology.overusedEdges > 0) {
    warnings.push({
      code: "NON_MANIFOLD",
      message: `${plural(topology.overusedEdges, "edge is", "edges are")} shared by more than two triangles, so the surface does not enclose a single clean volume.`,
    });
  }
  if (topology.boundaryEdges > 0) {
    warnings.push({
      code: "OPEN_EDGES",
      message: `${plural(topology.boundaryEdges, "edge belongs", "edges belong")} to only one triangle: the mesh has holes, so its volume is not reliable.`,
    });
  }
  if (topology.misorientedEdges > 0) {
    warnings.push({
      code: "INCONSISTENT_WINDING",
      message: `${plural(topology.misorientedEdges, "edge joins", "edges join")} triangles that face opposite ways (some normals are flipped), which makes the volume unreliable.`,
    });
  }
  const largest = Math.max(measured.bbox_mm.x, measured.bbox_mm.y, measured.bbox_mm.z);
  if (largest < SUSPECT_BELOW_MM || largest > SUSPECT_ABOVE_MM) {
    warnings.push({
      code: "UNIT_SUSPECT",
      message: `The part is ${formatMillimetres(largest)} mm at its largest. If that is not its real size, the file was probably saved in ${largest < SUSPECT_BELOW_MM ? "metres or inches" : "micrometres or a scaled unit"} rather than millimetres.`,
    });
  }
  if (measured.degenerateTriangles > 0) {
    warnings.push({
      code: "DEGENERATE_TRIANGLES",
      message: `${plural(measured.degenerateTriangles, "triangle has", "triangles have")} zero area (collapsed to a line or a point).`,
    });
  }

  const isWatertight = topology.boundaryEdges === 0;
  return {
    kind: "mesh",
    format: mesh.format,
    geometry: {
      volume_cm3: measured.volume_cm3,
      surface_area_cm2: measured.surface_area_cm2,
      bbox_mm: measured.bbox_mm,
      is_manifold: isWatertight && topology.overusedEdges === 0,
      triangles,
      vertices,
      parts: topology.parts,
      is_watertight: isWatertight,
      is_winding_consistent: topology.misorientedEdges === 0,
      degenerate_triangles: measured.degenerateTriangles,
      units: mesh.units,
      warnings,
    },
    components: measured.components,
  };
}

function plural(count: number, singular: string, pluralForm: string): string {
  return `${formatCount(count)} ${count === 1 ? singular : pluralForm}`;
}

function formatMillimetres(value: number): string {
  return formatCount(Number(value.toPrecision(4)));
}
