import { DomainError } from "@/lib/errors";
import { MeshBuilder } from "../mesh-builder";
import { formatBytes, formatCount } from "../text-lines";
import type { ParsedMesh } from "../types";
import { ASSUMED_MILLIMETRES } from "../units";

type ScalarType = "int8" | "uint8" | "int16" | "uint16" | "int32" | "uint32" | "float32" | "float64";
type Encoding = "ascii" | "binary_little_endian" | "binary_big_endian";

interface PlyProperty {
  name: string;
  type: ScalarType;
  /** Set for list properties: the type of the leading count. */
  countType?: ScalarType;
}

interface PlyElement {
  name: string;
  count: number;
  properties: PlyProperty[];
}

const TYPE_ALIASES: Record<string, ScalarType> = {
  char: "int8",
  int8: "int8",
  uchar: "uint8",
  uint8: "uint8",
  short: "int16",
  int16: "int16",
  ushort: "uint16",
  uint16: "uint16",
  int: "int32",
  int32: "int32",
  uint: "uint32",
  uint32: "uint32",
  float: "float32",
  float32: "float32",
  double: "float64",
  float64: "float64",
};
const TYPE_SIZES: Record<ScalarType, number> = {
  int8: 1,
  uint8: 1,
  int16: 2,
  uint16: 2,
  int32: 4,
  uint32: 4,
  float32: 4,
  float64: 8,
};

/** Reads a value of the given type and returns it; `sink.next` is advanced past it. */
type ValueReader = (type: ScalarType) => number;

/**
 * PLY (ASCII, binary little- and big-endian): vertex x/y/z with any other
 * vertex properties skipped, faces from the `vertex_indices`/`vertex_index`
 * list with any count and index types; unknown elements are skipped.
 */
export function parsePly(bytes: Uint8Array, defaultName: string): ParsedMesh {
  const { encoding, elements, bodyStart } = parseHeader(bytes);
  const readValue =
    encoding === "ascii"
      ? createAsciiReader(bytes, bodyStart)
      : createBinaryReader(bytes, bodyStart, encoding === "binary_little_endian");
  const builder = new MeshBuilder(defaultName);
  const corners: number[] = [];
  let vertexCount = 0;

  for (const element of elements) {
    // Holds no data whatever its count, so its count is not looped over.
    if (element.properties.length === 0) continue;
    const axisProperty = ["x", "y", "z"].map((axis) =>
      element.properties.findIndex((p) => p.name === axis && !p.countType),
    );
    const isVertex = element.name === "vertex" && axisProperty.every((index) => index >= 0);
    const faceListIndex = element.name === "face" ? findFaceList(element.properties) : -1;
    const coordinates = [0, 0, 0];
    for (let item = 0; item < element.count; item++) {
      for (let p = 0; p < element.properties.length; p++) {
        const property = element.properties[p];
        if (property.countType) {
          const length = readValue(property.countType);
          if (p === faceListIndex) corners.length = 0;
          for (let i = 0; i < length; i++) {
            const value = readValue(property.type);
            if (p === faceListIndex) corners.push(value);
          }
          if (p === faceListIndex) addFace(builder, corners, vertexCount, item);
        } else {
          const value = readValue(property.type);
          const axis = isVertex ? axisProperty.indexOf(p) : -1;
          if (axis >= 0) coordinates[axis] = value;
        }
      }
      if (isVertex) builder.addVertex(coordinates[0], coordinates[1], coordinates[2]);
    }
    if (isVertex) vertexCount = builder.vertexCount;
  }
  return builder.finish("ply", ASSUMED_MILLIMETRES, 1);
}

function findFaceList(properties: PlyProperty[]): number {
  const named = properties.findIndex((p) => p.countType && (p.name === "vertex_indices" || p.name === "vertex_index"));
  return named >= 0 ? named : properties.findIndex((p) => p.countType);
}

function addFace(builder: MeshBuilder, corners: number[], vertexCount: number, faceIndex: number): void {
  if (corners.length < 3) return; // points and lines stored as faces carry no surface
  for (const index of corners) {
    if (!Number.isInteger(index) || index < 0 || index >= vertexCount) {
      throw new DomainError(
        "unreadable_file",
        `PLY face ${faceIndex + 1} refers to vertex ${index}, but the file has ${vertexCount} vertices (numbered from 0).`,
      );
    }
  }
  builder.addPolygon(corners);
}

function parseHeader(bytes: Uint8Array): { encoding: Encoding; elements: PlyElement[]; bodyStart: number } {
  const headText = new TextDecoder("latin1").decode(bytes.subarray(0, Math.min(bytes.length, 65536)));
  const end = /end_header[ \t]*(\r\n|\n|\r)/.exec(headText);
  if (!headText.startsWith("ply") || !end)
    throw new DomainError(
      "unreadable_file",
      'PLY header is incomplete: no "end_header" line found in the first 64 KiB.',
    );
  let encoding: Encoding | null = null;
  const elements: PlyElement[] = [];
  for (const rawLine of headText.slice(0, end.index).split(/\r\n|\n|\r/)) {
    const tokens = rawLine.trim().split(/\s+/);
    if (tokens[0] === "format") {
      if (tokens[1] !== "ascii" && tokens[1] !== "binary_little_endian" && tokens[1] !== "binary_big_endian") {
        throw new DomainError(
          "unreadable_file",
          `PLY format "${tokens[1]}" is unknown (expected ascii, binary_little_endian or binary_big_endian).`,
        );
      }
      encoding = tokens[1];
    } else if (tokens[0] === "element") {
      const count = Number(tokens[2]);
      if (!Number.isInteger(count) || count < 0)
        throw new DomainError("unreadable_file", `PLY header line "${rawLine.trim()}" has an invalid element count.`);
      elements.push({ name: tokens[1], count, properties: [] });
    } else if (tokens[0] === "property") {
      const element = elements[elements.length - 1];
      if (!element) throw new DomainError("unreadable_file", "PLY header declares a property before any element.");
      element.properties.push(
        tokens[1] === "list"
          ? { name: tokens[4], countType: scalarType(tokens[2]), type: scalarType(tokens[3]) }
          : { name: tokens[2], type: scalarType(tokens[1]) },
      );
    }
  }
  if (!encoding) throw new DomainError("unreadable_file", 'PLY header has no "format" line.');
  const bodyStart = end.index + end[0].length;
  checkDeclaredCounts(elements, encoding, bytes.length - bodyStart);
  return { encoding, elements, bodyStart };
}

/**
 * Refuses counts the body cannot hold before any is looped over: a header line such as
 * `element vertex 4000000000` costs nothing to write. Each value takes at least its size in binary and
 * one character in ASCII (a list at least its count).
 */
function checkDeclaredCounts(elements: PlyElement[], encoding: Encoding, bodyBytes: number): void {
  let needed = 0;
  for (const element of elements) {
    const itemBytes = element.properties.reduce(
      (sum, p) => sum + (encoding === "ascii" ? 1 : TYPE_SIZES[p.countType ?? p.type]),
      0,
    );
    needed += element.count * itemBytes;
    if (needed > bodyBytes) {
      throw new DomainError(
        "unreadable_file",
        `PLY file is truncated or damaged: its header announces ${formatCount(element.count)} "${element.name}" elements, more than the ${formatBytes(bodyBytes)} after the header can hold.`,
        { details: { element: element.name, declared_count: element.count } },
      );
    }
  }
}

function scalarType(name: string): ScalarType {
  const type = TYPE_ALIASES[name];
  if (!type) throw new DomainError("unreadable_file", `PLY property type "${name}" is unknown.`);
  return type;
}

function truncated(): DomainError {
  return new DomainError(
    "unreadable_file",
    "PLY file is truncated: it ends before all elements announced in the header were read.",
  );
}

function createBinaryReader(bytes: Uint8Array, start: number, littleEndian: boolean): ValueReader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = start;
  return (type) => {
    const size = TYPE_SIZES[type];
    if (offset + size > bytes.length) throw truncated();
    const at = offset;
    offset += size;
    switch (type) {
      case "int8":
        return view.getInt8(at);
      case "uint8":
        return view.getUint8(at);
      case "int16":
        return view.getInt16(at, littleEndian);
      case "uint16":
        return view.getUint16(at, littleEndian);
      case "int32":
        return view.getInt32(at, littleEndian);
      case "uint32":
        return view.getUint32(at, littleEndian);
      case "float32":
        return view.getFloat32(at, littleEndian);
      case "float64":
        return view.getFloat64(at, littleEndian);
    }
  };
}

function createAsciiReader(bytes: Uint8Array, start: number): ValueReader {
  const tokens = new TextDecoder("latin1")
    .decode(bytes.subarray(start))
    .split(/\s+/)
    .filter((token) => token !== "");
  let next = 0;
  return () => {
    if (next >= tokens.length) throw truncated();
    const value = Number(tokens[next++]);
    if (Number.isNaN(value) && !/^nan$/i.test(tokens[next - 1])) {
      throw new DomainError("unreadable_file", `PLY value "${tokens[next - 1].slice(0, 20)}" is not a number.`);
    }
    return value;
  };
}
