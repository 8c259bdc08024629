import { DomainError } from "@/lib/errors";
import type { ComponentRange, MeshFormat, ParsedMesh } from "./types";
import { weldFloat64Positions } from "./weld";

/**
 * Collects vertices and triangles from the indexed formats (OBJ, OFF, PLY,
 * 3MF, AMF, STEP) into growable typed arrays, then scales to mm and welds.
 */
export class MeshBuilder {
  private rawPositions = new Float64Array(3 * 1024);
  private rawIndices = new Uint32Array(3 * 1024);
  private components: ComponentRange[] = [];
  vertexCount = 0;
  triangleCount = 0;

  constructor(private readonly defaultComponentName: string) {}

  /** Starts a new component; an empty current component is simply renamed. */
  beginComponent(name: string): void {
    const current = this.components[this.components.length - 1];
    if (current && current.triangleCount === 0) {
      current.name = name;
      return;
    }
    this.components.push({ name, firstTriangle: this.triangleCount, triangleCount: 0 });
  }

  renameComponent(name: string): void {
    const current = this.components[this.components.length - 1];
    if (current && name) current.name = name;
  }

  addVertex(x: number, y: number, z: number): number {
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) {
      throw new DomainError(
        "unreadable_file",
        `Vertex ${this.vertexCount + 1} has a coordinate that is not a finite number (${x}, ${y}, ${z}).`,
      );
    }
    if (this.vertexCount * 3 + 3 > this.rawPositions.length) this.rawPositions = grow(this.rawPositions);
    const p = this.vertexCount * 3;
    // `+ 0` turns -0 into +0 so that welding treats them as the same coordinate.
    this.rawPositions[p] = x + 0;
    this.rawPositions[p + 1] = y + 0;
    this.rawPositions[p + 2] = z + 0;
    return this.vertexCount++;
  }

  addTriangle(a: number, b: number, c: number): void {
    if (this.components.length === 0) this.beginComponent(this.defaultComponentName);
    if (this.triangleCount * 3 + 3 > this.rawIndices.length) this.rawIndices = grow(this.rawIndices);
    const t = this.triangleCount * 3;
    this.rawIndices[t] = a;
    this.rawIndices[t + 1] = b;
    this.rawIndices[t + 2] = c;
    this.triangleCount++;
    this.components[this.components.length - 1].triangleCount++;
  }

  /** Adds a polygon as a triangle fan (what OBJ/OFF/PLY writers expect for convex faces). */
  addPolygon(vertexIndices: ArrayLike<number>, count = vertexIndices.length): void {
    for (let i = 1; i + 1 < count; i++) this.addTriangle(vertexIndices[0], vertexIndices[i], vertexIndices[i + 1]);
  }

  /** Scales to millimetres, welds identical vertices and returns the finished mesh. */
  finish(format: MeshFormat, units: string, millimetresPerUnit: number): ParsedMesh {
    const indexCount = this.triangleCount * 3;
    const rawIndices = this.rawIndices.subarray(0, indexCount);
    for (let i = 0; i < indexCount; i++) {
      if (rawIndices[i] >= this.vertexCount) {
        throw new DomainError(
          "unreadable_file",
          `Triangle ${Math.floor(i / 3) + 1} refers to vertex ${rawIndices[i] + 1}, but the file only has ${this.vertexCount} vertices.`,
        );
      }
    }
    const rawPositions = this.rawPositions.subarray(0, this.vertexCount * 3);
    if (millimetresPerUnit !== 1) {
      for (let i = 0; i < rawPositions.length; i++) rawPositions[i] *= millimetresPerUnit;
    }
    const welded = weldFloat64Positions(rawPositions);
    const indices = new Uint32Array(indexCount);
    for (let i = 0; i < indexCount; i++) indices[i] = welded.weldedIndexOf[rawIndices[i]];
    return {
      format,
      units,
      positions: dropUnusedVertices(welded.positions, indices),
      indices,
      components: this.components.filter((component) => component.triangleCount > 0),
    };
  }
}

/** Removes vertices no triangle uses (OBJ/PLY files may list extras), renumbering `indices` in place. */
function dropUnusedVertices(positions: Float64Array, indices: Uint32Array): Float64Array {
  const vertexCount = positions.length / 3;
  const newIndexOf = new Int32Array(vertexCount).fill(-1);
  for (let i = 0; i < indices.length; i++) newIndexOf[indices[i]] = 0;
  let usedCount = 0;
  for (let v = 0; v < vertexCount; v++) if (newIndexOf[v] === 0) newIndexOf[v] = usedCount++;
  if (usedCount === vertexCount) return positions;
  const compacted = new Float64Array(usedCount * 3);
  for (let v = 0; v < vertexCount; v++) {
    if (newIndexOf[v] >= 0) compacted.set(positions.subarray(v * 3, v * 3 + 3), newIndexOf[v] * 3);
  }
  for (let i = 0; i < indices.length; i++) indices[i] = newIndexOf[indices[i]];
  return compacted;
}

function grow<T extends Float64Array | Uint32Array>(array: T): T {
  const grown = new (array.constructor as new (length: number) => T)(array.length * 2);
  grown.set(array);
  return grown;
}
