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
 * One pass over all triangles: signed-tetrahedron volume (float64, about the
 * first vertex so large offsets do not cost precision), area and bounding box.
 * The volume is the absolute value of the signed sum, so an inverted mesh still
 * measures positive and inward-facing inner shells (voids) subtract.
 */
export function measureMesh(mesh: ParsedMesh): MeshMeasurements {
  const { positions, indices } = mesh;
  const originX = positions[0], originY = positions[1], originZ = positions[2];
  const totalMin = [Infinity, Infinity, Infinity];
  const totalMax = [-Infinity, -Infinity, -Infinity];
  let totalSignedVolume = 0, totalArea = 0, degenerateTriangles = 0;
  const components: MeshComponent[] = [];

  for (const range of mesh.components) {
    let signedVolume6 = 0, doubleArea = 0;
    let minX = Infinity, minY = Infinity, minZ = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
    const end = (range.firstTriangle + range.triangleCount) * 3;
    for (let i = range.firstTriangle * 3; i < end; i += 3) {
      const a = indices[i] * 3, b = indices[i + 1] * 3, c = indices[i + 2] * 3;
      const ax = positions[a] - originX, ay = positions[a + 1] - originY, az = positions[a + 2] - originZ;
      const bx = positions[b] - originX, by = positions[b + 1] - originY, bz = positions[b + 2] - originZ;
      const cx = positions[c] - originX, cy = positions[c + 1] - originY, cz = positions[c + 2] - originZ;
      signedVolume6 += ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx);
      const ux = bx - ax, uy = by - ay, uz = bz - az;
      const vx = cx - ax, vy = cy - ay, vz = cz - az;
      const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
      const crossLength = Math.sqrt(nx * nx + ny * ny + nz * nz);
      doubleArea += crossLength;
      const wx = cx - bx, wy = cy - by, wz = cz - bz;
      const longestEdgeSquared = Math.max(ux * ux + uy * uy + uz * uz, vx * vx + vy * vy + vz * vz, wx * wx + wy * wy + wz * wz);
      if (crossLength <= DEGENERATE_AREA_RATIO * longestEdgeSquared || longestEdgeSquared === 0) degenerateTriangles++;
      minX = Math.min(minX, ax, bx, cx); maxX = Math.max(maxX, ax, bx, cx);
      minY = Math.min(minY, ay, by, cy); maxY = Math.max(maxY, ay, by, cy);
      minZ = Math.min(minZ, az, bz, cz); maxZ = Math.max(maxZ, az, bz, cz);
    }
    totalSignedVolume += signedVolume6;
    totalArea += doubleArea;
    const min = [minX, minY, minZ], max = [maxX, maxY, maxZ];
    for (let axis = 0; axis < 3; axis++) {
      totalMin[axis] = Math.min(totalMin[axis], min[axis]);
      totalMax[axis] = Math.max(totalMax[axis], max[axis]);
    }
    components.push({
      name: range.name,
      triangles: range.triangleCount,
      volume_cm3: Math.abs(signedVolume6) / 6 / 1000,
      surface_area_cm2: doubleArea / 2 / 100,
      bbox_mm: boxSize(min, max),
    });
  }
  return {
    volume_cm3: Math.abs(totalSignedVolume) / 6 / 1000,
    surface_area_cm2: totalArea / 2 / 100,
    bbox_mm: boxSize(totalMin, totalMax),
    degenerateTriangles,
    components,
  };
}

function boxSize(min: number[], max: number[]): BoundingBoxSize {
  const size = (axis: number) => (max[axis] >= min[axis] ? max[axis] - min[axis] : 0);
  return { x: size(0), y: size(1), z: size(2) };
}
