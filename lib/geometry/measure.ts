import type { BoundingBoxSize, MeshComponent, ParsedMesh } from "./types";

/** Sizes of a mesh and of each of its components, in the units of MeshComponent (cm³, cm², mm). */
export interface MeshMeasurements {
  volume_cm3: number;
  surface_area_cm2: number;
  bbox_mm: BoundingBoxSize;
  degenerateTriangles: number;
  components: MeshComponent[];
}

/** A triangle counts as degenerate when twice its area is below this fraction of its longest edge squared (zero up to float rounding). */
const DEGENERATE_AREA_RATIO = 1e-9;

/**
 * Running sums over triangles given relative to a fixed origin (the mesh's
 * first vertex, so far-off coordinates keep their precision): six times the
 * signed tetrahedron volume in float64, twice the area, bounding box and
 * degenerate count. Taking the absolute value of the signed sum only at the
 * end makes inverted meshes measure positive and inward-facing voids subtract.
 */
export class TriangleStats {
  signedVolume6 = 0;
  doubleArea = 0;
  degenerate = 0;
  minX = Infinity; minY = Infinity; minZ = Infinity;
  maxX = -Infinity; maxY = -Infinity; maxZ = -Infinity;

  add(ax: number, ay: number, az: number, bx: number, by: number, bz: number, cx: number, cy: number, cz: number): void {
    this.signedVolume6 += ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx);
    const ux = bx - ax, uy = by - ay, uz = bz - az;
    const vx = cx - ax, vy = cy - ay, vz = cz - az;
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const crossLength = Math.sqrt(nx * nx + ny * ny + nz * nz);
    this.doubleArea += crossLength;
    const wx = cx - bx, wy = cy - by, wz = cz - bz;
    const longestEdgeSquared = Math.max(ux * ux + uy * uy + uz * uz, vx * vx + vy * vy + vz * vz, wx * wx + wy * wy + wz * wz);
    if (crossLength <= DEGENERATE_AREA_RATIO * longestEdgeSquared || longestEdgeSquared === 0) this.degenerate++;
    this.minX = Math.min(this.minX, ax, bx, cx); this.maxX = Math.max(this.maxX, ax, bx, cx);
    this.minY = Math.min(this.minY, ay, by, cy); this.maxY = Math.max(this.maxY, ay, by, cy);
    this.minZ = Math.min(this.minZ, az, bz, cz); this.maxZ = Math.max(this.maxZ, az, bz, cz);
  }

  boxSize(): BoundingBoxSize {
    const size = (min: number, max: number) => (max >= min ? max - min : 0);
    return { x: size(this.minX, this.maxX), y: size(this.minY, this.maxY), z: size(this.minZ, this.maxZ) };
  }

  toComponent(name: string, triangles: number): MeshComponent {
    return {
      name,
      triangles,
      volume_cm3: Math.abs(this.signedVolume6) / 6 / 1000,
      surface_area_cm2: this.doubleArea / 2 / 100,
      bbox_mm: this.boxSize(),
    };
  }
}

function summarizeStats(componentStats: TriangleStats[], components: MeshComponent[]): MeshMeasurements {
  const total = new TriangleStats();
  for (const stats of componentStats) {
    total.signedVolume6 += stats.signedVolume6;
    total.doubleArea += stats.doubleArea;
    total.degenerate += stats.degenerate;
    total.minX = Math.min(total.minX, stats.minX); total.maxX = Math.max(total.maxX, stats.maxX);
    total.minY = Math.min(total.minY, stats.minY); total.maxY = Math.max(total.maxY, stats.maxY);
    total.minZ = Math.min(total.minZ, stats.minZ); total.maxZ = Math.max(total.maxZ, stats.maxZ);
  }
  const summary = total.toComponent("", 0);
  return {
    volume_cm3: summary.volume_cm3,
    surface_area_cm2: summary.surface_area_cm2,
    bbox_mm: summary.bbox_mm,
    degenerateTriangles: total.degenerate,
    components,
  };
}

/** Volume, area, bounding box and degenerate count of a mesh and each of its components, in one pass. */
export function measureMesh(mesh: ParsedMesh): MeshMeasurements {
  const { positions, indices } = mesh;
  const originX = positions[0], originY = positions[1], originZ = positions[2];
  const componentStats = mesh.components.map((range) => {
    const stats = new TriangleStats();
    const end = (range.firstTriangle + range.triangleCount) * 3;
    for (let i = range.firstTriangle * 3; i < end; i += 3) {
      const a = indices[i] * 3, b = indices[i + 1] * 3, c = indices[i + 2] * 3;
      stats.add(
        positions[a] - originX, positions[a + 1] - originY, positions[a + 2] - originZ,
        positions[b] - originX, positions[b + 1] - originY, positions[b + 2] - originZ,
        positions[c] - originX, positions[c + 1] - originY, positions[c + 2] - originZ,
      );
    }
    return stats;
  });
  return summarizeStats(componentStats, componentStats.map((stats, i) => stats.toComponent(mesh.components[i].name, mesh.components[i].triangleCount)));
}
