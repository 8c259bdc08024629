import { STL_RECORD_BYTES } from "./stl-size";
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

/** Volume, area and degenerate count of a run of triangles (see measureMesh). */
export interface RangeSums {
  signedVolume6: number;
  doubleArea: number;
  degenerate: number;
}

export interface Box {
  min: [number, number, number];
  max: [number, number, number];
}

/**
 * Volume by signed tetrahedra in float64 about a fixed origin (the first
 * vertex, so far-off coordinates keep their precision), area, degenerate
 * count. Taking the absolute value only of the final sum makes inverted meshes
 * measure positive and inward-facing voids subtract.
 */
export function sumRange(
  positions: Float32Array | Float64Array,
  indices: Uint32Array,
  firstTriangle: number,
  triangleCount: number,
  origin: ArrayLike<number> = positions,
): RangeSums {
  const originX = origin[0],
    originY = origin[1],
    originZ = origin[2];
  const sums: RangeSums = { signedVolume6: 0, doubleArea: 0, degenerate: 0 };
  const end = (firstTriangle + triangleCount) * 3;
  for (let i = firstTriangle * 3; i < end; i += 3) {
    const a = indices[i] * 3,
      b = indices[i + 1] * 3,
      c = indices[i + 2] * 3;
    addTriangle(
      sums,
      positions[a] - originX,
      positions[a + 1] - originY,
      positions[a + 2] - originZ,
      positions[b] - originX,
      positions[b + 1] - originY,
      positions[b + 2] - originZ,
      positions[c] - originX,
      positions[c + 1] - originY,
      positions[c + 2] - originZ,
    );
  }
  return sums;
}

/** Adds a triangle, its corners given about the origin, to the sums. */
function addTriangle(
  sums: RangeSums,
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  cx: number,
  cy: number,
  cz: number,
): void {
  sums.signedVolume6 += ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx);
  const ux = bx - ax,
    uy = by - ay,
    uz = bz - az;
  const vx = cx - ax,
    vy = cy - ay,
    vz = cz - az;
  const nx = uy * vz - uz * vy,
    ny = uz * vx - ux * vz,
    nz = ux * vy - uy * vx;
  const crossLength = Math.sqrt(nx * nx + ny * ny + nz * nz);
  sums.doubleArea += crossLength;
  const wx = cx - bx,
    wy = cy - by,
    wz = cz - bz;
  const longestEdgeSquared = Math.max(
    ux * ux + uy * uy + uz * uz,
    vx * vx + vy * vy + vz * vz,
    wx * wx + wy * wy + wz * wz,
  );
  if (crossLength <= DEGENERATE_AREA_RATIO * longestEdgeSquared || longestEdgeSquared === 0) sums.degenerate++;
}

/**
 * Adds `count` binary STL records (50 bytes each, read through `view`) to `sums`
 * and `box`, measured about `origin` exactly as sumRange measures welded
 * triangles; reading the records in place spares a copy per corner.
 */
export function sumStlRecords(
  view: DataView,
  count: number,
  origin: ArrayLike<number>,
  sums: RangeSums,
  box: Box,
): void {
  const originX = origin[0],
    originY = origin[1],
    originZ = origin[2];
  let minX = box.min[0],
    minY = box.min[1],
    minZ = box.min[2],
    maxX = box.max[0],
    maxY = box.max[1],
    maxZ = box.max[2];
  for (let r = 0; r < count; r++) {
    const o = r * STL_RECORD_BYTES + 12; // after the normal
    const ax = view.getFloat32(o, true),
      ay = view.getFloat32(o + 4, true),
      az = view.getFloat32(o + 8, true);
    const bx = view.getFloat32(o + 12, true),
      by = view.getFloat32(o + 16, true),
      bz = view.getFloat32(o + 20, true);
    const cx = view.getFloat32(o + 24, true),
      cy = view.getFloat32(o + 28, true),
      cz = view.getFloat32(o + 32, true);
    minX = Math.min(minX, ax, bx, cx);
    maxX = Math.max(maxX, ax, bx, cx);
    minY = Math.min(minY, ay, by, cy);
    maxY = Math.max(maxY, ay, by, cy);
    minZ = Math.min(minZ, az, bz, cz);
    maxZ = Math.max(maxZ, az, bz, cz);
    addTriangle(
      sums,
      ax - originX,
      ay - originY,
      az - originZ,
      bx - originX,
      by - originY,
      bz - originZ,
      cx - originX,
      cy - originY,
      cz - originZ,
    );
  }
  box.min[0] = minX;
  box.min[1] = minY;
  box.min[2] = minZ;
  box.max[0] = maxX;
  box.max[1] = maxY;
  box.max[2] = maxZ;
}

/** Bounding box of vertices (all by default): valid for the whole mesh because parsers keep only vertices that triangles use. */
export function boxOfVertices(
  positions: Float32Array | Float64Array,
  firstVertex = 0,
  endVertex = positions.length / 3,
): Box {
  const box: Box = { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
  for (let axis = 0; axis < 3; axis++) {
    let min = Infinity,
      max = -Infinity;
    for (let i = firstVertex * 3 + axis; i < endVertex * 3; i += 3) {
      min = Math.min(min, positions[i]);
      max = Math.max(max, positions[i]);
    }
    box.min[axis] = min;
    box.max[axis] = max;
  }
  return box;
}

function boxOfTriangles(
  positions: Float32Array | Float64Array,
  indices: Uint32Array,
  firstTriangle: number,
  triangleCount: number,
): Box {
  const box: Box = { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
  const end = (firstTriangle + triangleCount) * 3;
  for (let axis = 0; axis < 3; axis++) {
    let min = Infinity,
      max = -Infinity;
    for (let i = firstTriangle * 3; i < end; i++) {
      const value = positions[indices[i] * 3 + axis];
      min = Math.min(min, value);
      max = Math.max(max, value);
    }
    box.min[axis] = min;
    box.max[axis] = max;
  }
  return box;
}

function sizeOf(box: Box): BoundingBoxSize {
  const size = (axis: number) => (box.max[axis] >= box.min[axis] ? box.max[axis] - box.min[axis] : 0);
  return { x: size(0), y: size(1), z: size(2) };
}

function toComponent(name: string, triangles: number, sums: RangeSums, box: Box): MeshComponent {
  return {
    name,
    triangles,
    volume_cm3: Math.abs(sums.signedVolume6) / 6 / 1000,
    surface_area_cm2: sums.doubleArea / 2 / 100,
    bbox_mm: sizeOf(box),
  };
}

/** Measurements of a one-component mesh whose sums and box were taken by another thread. */
export function measureFromSums(name: string, triangleCount: number, sums: RangeSums, box: Box): MeshMeasurements {
  const whole = toComponent(name, triangleCount, sums, box);
  return {
    volume_cm3: whole.volume_cm3,
    surface_area_cm2: whole.surface_area_cm2,
    bbox_mm: whole.bbox_mm,
    degenerateTriangles: sums.degenerate,
    components: [whole],
  };
}

/** Volume, area, bounding box and degenerate count of a mesh and of each of its components. */
export function measureMesh(mesh: ParsedMesh): MeshMeasurements {
  const { positions, indices } = mesh;
  const total: RangeSums = { signedVolume6: 0, doubleArea: 0, degenerate: 0 };
  const wholeBox = boxOfVertices(positions);
  const components = mesh.components.map((range) => {
    const sums = sumRange(positions, indices, range.firstTriangle, range.triangleCount);
    total.signedVolume6 += sums.signedVolume6;
    total.doubleArea += sums.doubleArea;
    total.degenerate += sums.degenerate;
    // A single component uses every vertex, so the whole mesh's per-vertex box is its box.
    const box =
      mesh.components.length === 1
        ? wholeBox
        : boxOfTriangles(positions, indices, range.firstTriangle, range.triangleCount);
    return toComponent(range.name, range.triangleCount, sums, box);
  });
  const whole = toComponent("", indices.length / 3, total, wholeBox);
  return {
    volume_cm3: whole.volume_cm3,
    surface_area_cm2: whole.surface_area_cm2,
    bbox_mm: whole.bbox_mm,
    degenerateTriangles: total.degenerate,
    components,
  };
}
