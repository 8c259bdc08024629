import { DomainError } from "@/lib/errors";
import { MeshBuilder } from "../mesh-builder";
import { formatCount, parseNumberToken } from "../text-lines";
import type { ParsedMesh } from "../types";
import { listKnownUnits, lookupUnitScale } from "../units";
import { readZipEntries } from "../unzip";
import { parseXml } from "../xml";

/** 3MF affine transform "m00 m01 m02 m10 m11 m12 m20 m21 m22 m30 m31 m32" (row vectors: p' = p·M). */
type Transform = number[];

const IDENTITY: Transform = [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0];
const MAX_NESTING = 32;
/**
 * Vertices, triangles and component placements the build may produce together, counted before anything is
 * placed: a few kilobytes of objects that each place the next ten times reach billions. 30 M is ~20 M
 * triangles, five times what the largest upload holds as binary STL, and ~1 GB of mesh being built.
 */
export const MAX_PLACED_ITEMS = 30_000_000;

interface ComponentReference {
  objectId: string;
  modelPath: string;
  transform: Transform;
}

interface ObjectDefinition {
  id: string;
  name: string;
  positions: number[];
  triangles: number[];
  components: ComponentReference[];
}

interface ModelPart {
  unit: string;
  objects: Map<string, ObjectDefinition>;
  build: ComponentReference[];
}

/**
 * 3MF core spec plus the production extension's `p:path` references: units,
 * several objects, nested components and build items with transforms (an
 * object placed twice counts twice, mirrored placements keep outward normals).
 */
export function parseThreeMf(bytes: Uint8Array, options: { maxUnzippedBytes?: number }): ParsedMesh {
  const entries = readZipEntries(
    bytes,
    "3MF archive",
    (name) => name.endsWith(".model") || name === "_rels/.rels",
    options.maxUnzippedBytes,
  );
  const rootPath = findRootModelPath(entries);
  const models = new Map<string, ModelPart>();
  for (const [path, content] of entries) if (path.endsWith(".model")) models.set(path, parseModelPart(content, path));
  const root = models.get(rootPath);
  if (!root) throw new DomainError("unreadable_file", `3MF archive has no 3D model part (expected "${rootPath}").`);

  const millimetresPerUnit = lookupUnitScale(root.unit);
  if (millimetresPerUnit === null) {
    throw new DomainError("unreadable_file", `3MF unit "${root.unit}" is not one of ${listKnownUnits()}.`);
  }

  const lookup = (reference: ComponentReference, depth: number): ObjectDefinition => {
    if (depth > MAX_NESTING)
      throw new DomainError(
        "unreadable_file",
        `3MF components are nested more than ${MAX_NESTING} levels deep (probably a reference cycle).`,
      );
    const definition = models.get(reference.modelPath)?.objects.get(reference.objectId);
    if (!definition) {
      throw new DomainError(
        "unreadable_file",
        `3MF refers to object ${reference.objectId} in "${reference.modelPath}", which does not exist.`,
      );
    }
    return definition;
  };
  // Each object's size with all its components multiplied out, computed once per object.
  const sizes = new Map<ObjectDefinition, number>();
  const placedSize = (reference: ComponentReference, depth: number): number => {
    const definition = lookup(reference, depth);
    let size = sizes.get(definition);
    if (size === undefined) {
      size = 1 + definition.positions.length / 3 + definition.triangles.length / 3;
      for (const component of definition.components) size += placedSize(component, depth + 1);
      sizes.set(definition, size);
    }
    return size;
  };

  const builder = new MeshBuilder("3MF build");
  const placeObject = (reference: ComponentReference, transform: Transform, depth: number): void => {
    const definition = lookup(reference, depth);
    addObjectMesh(builder, definition, transform);
    for (const component of definition.components)
      placeObject(component, composeTransforms(component.transform, transform), depth + 1);
  };
  let placed = 0;
  for (const item of root.build) {
    placed += placedSize(item, 0);
    if (placed > MAX_PLACED_ITEMS) {
      throw new DomainError(
        "analysis_too_large",
        `3MF build places more than ${formatCount(MAX_PLACED_ITEMS)} vertices, triangles and components once its components are multiplied out (object ${item.objectId} is placed too many times). Simplify the model or split the build plate into several files.`,
        { details: { max_placed_items: MAX_PLACED_ITEMS, object_id: item.objectId } },
      );
    }
    builder.beginComponent(lookup(item, 0).name || `Object ${item.objectId}`);
    placeObject(item, item.transform, 0);
  }
  return builder.finish("3mf", root.unit, millimetresPerUnit);
}

function findRootModelPath(entries: Map<string, Uint8Array>): string {
  const relationships = entries.get("_rels/.rels");
  let target = "3D/3dmodel.model";
  if (relationships) {
    parseXml(relationships, "3MF relationships", {
      onOpen(name, attributes) {
        if (name === "Relationship" && attributes.Type?.endsWith("/3dmodel") && attributes.Target)
          target = attributes.Target;
      },
      onClose() {},
    });
  }
  return target.replace(/^\//, "");
}

function parseModelPart(content: Uint8Array, path: string): ModelPart {
  const part: ModelPart = { unit: "millimeter", objects: new Map(), build: [] };
  let current: ObjectDefinition | null = null;
  parseXml(content, `3MF part "${path}"`, {
    onOpen(name, attributes) {
      switch (name) {
        case "model":
          part.unit = attributes.unit ?? "millimeter";
          break;
        case "object":
          current = {
            id: attributes.id ?? "",
            name: attributes.name ?? "",
            positions: [],
            triangles: [],
            components: [],
          };
          part.objects.set(current.id, current);
          break;
        case "vertex":
          current?.positions.push(
            parseNumberToken(attributes.x),
            parseNumberToken(attributes.y),
            parseNumberToken(attributes.z),
          );
          break;
        case "triangle":
          current?.triangles.push(
            parseIndex(attributes.v1, current),
            parseIndex(attributes.v2, current),
            parseIndex(attributes.v3, current),
          );
          break;
        case "component":
          current?.components.push(readReference(attributes, path));
          break;
        case "item":
          part.build.push(readReference(attributes, path));
          break;
      }
    },
    onClose(name) {
      if (name === "object") current = null;
    },
  });
  return part;
}

function parseIndex(value: string | undefined, object: ObjectDefinition): number {
  const index = Number(value);
  const vertexCount = object.positions.length / 3;
  if (!Number.isInteger(index) || index < 0 || index >= vertexCount) {
    throw new DomainError(
      "unreadable_file",
      `3MF object ${object.id}: a triangle refers to vertex ${value}, but the object has ${vertexCount} vertices.`,
    );
  }
  return index;
}

function readReference(attributes: Record<string, string>, currentPath: string): ComponentReference {
  const pathAttribute = Object.keys(attributes).find((key) => key === "path" || key.endsWith(":path"));
  return {
    objectId: attributes.objectid ?? "",
    modelPath: pathAttribute ? attributes[pathAttribute].replace(/^\//, "") : currentPath,
    transform: attributes.transform ? parseTransform(attributes.transform) : IDENTITY,
  };
}

function parseTransform(text: string): Transform {
  const values = text.trim().split(/\s+/).map(Number);
  if (values.length !== 12 || !values.every(Number.isFinite)) {
    throw new DomainError("unreadable_file", `3MF transform "${text.slice(0, 80)}" must be 12 finite numbers.`);
  }
  return values;
}

/** The transform that applies `first`, then `second`. */
function composeTransforms(first: Transform, second: Transform): Transform {
  const result = new Array<number>(12);
  for (let row = 0; row < 4; row++) {
    for (let column = 0; column < 3; column++) {
      let sum = row === 3 ? second[9 + column] : 0;
      for (let k = 0; k < 3; k++) sum += first[row * 3 + k] * second[k * 3 + column];
      result[row * 3 + column] = sum;
    }
  }
  return result;
}

function addObjectMesh(builder: MeshBuilder, definition: ObjectDefinition, m: Transform): void {
  const base = builder.vertexCount;
  const p = definition.positions;
  for (let i = 0; i < p.length; i += 3) {
    const x = p[i],
      y = p[i + 1],
      z = p[i + 2];
    builder.addVertex(
      x * m[0] + y * m[3] + z * m[6] + m[9],
      x * m[1] + y * m[4] + z * m[7] + m[10],
      x * m[2] + y * m[5] + z * m[8] + m[11],
    );
  }
  const determinant =
    m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6]);
  const mirrored = determinant < 0;
  const t = definition.triangles;
  for (let i = 0; i < t.length; i += 3) {
    if (mirrored) builder.addTriangle(base + t[i], base + t[i + 2], base + t[i + 1]);
    else builder.addTriangle(base + t[i], base + t[i + 1], base + t[i + 2]);
  }
}
