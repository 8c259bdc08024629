import { DomainError } from "@/lib/errors";
import { formatBytes, formatCount, parseNumberToken, readTextLines, splitTokens } from "../text-lines";
import type { ComponentRange, ParsedMesh } from "../types";
import { ASSUMED_MILLIMETRES } from "../units";
import { STL_HEADER_BYTES as HEADER_BYTES, STL_RECORD_BYTES as RECORD_BYTES } from "../stl-size";
import { Float32BitsWelder } from "../weld";

/** Binary STL is recognised by its exact size (84 + 50·n), never by a leading "solid". */
export function isBinaryStl(bytes: Uint8Array): boolean {
  if (bytes.length < HEADER_BYTES) return false;
  const declared = binaryStlTriangleCount(bytes);
  return bytes.length === HEADER_BYTES + RECORD_BYTES * declared;
}

export function looksLikeAsciiStl(bytes: Uint8Array): boolean {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 4096));
  if (head.slice(0, 256).includes("\0")) return false; // binary headers are NUL-padded; trailing garbage may hold NULs
  const firstStatement = head.replace(/^(\s*#[^\n]*\n)*\s*/, "");
  return /^solid\b/i.test(firstStatement) && /\b(facet|endsolid)\b/i.test(head);
}

export function parseStl(bytes: Uint8Array, defaultName: string): ParsedMesh {
  if (isBinaryStl(bytes)) return parseBinaryStl(bytes, defaultName);
  if (looksLikeAsciiStl(bytes)) return parseAsciiStl(bytes);
  if (bytes.length < HEADER_BYTES) {
    throw new DomainError(
      "unreadable_file",
      `Binary STL is truncated: the 84-byte header is incomplete (the file has ${formatBytes(bytes.length)}) and it is not ASCII STL either.`,
    );
  }
  const declared = binaryStlTriangleCount(bytes);
  const expected = HEADER_BYTES + RECORD_BYTES * declared;
  const problem = bytes.length < expected ? "is truncated" : "has bytes beyond its last triangle";
  throw new DomainError(
    "unreadable_file",
    `Binary STL ${problem}: header says ${formatCount(declared)} triangles (${formatBytes(expected)}) but the file has ${formatBytes(bytes.length)}.`,
  );
}

function parseBinaryStl(bytes: Uint8Array, defaultName: string): ParsedMesh {
  const triangleCount = binaryStlTriangleCount(bytes);
  const indices = new Uint32Array(triangleCount * 3);
  const welder = new Float32BitsWelder((triangleCount >>> 1) + 16);
  weldBinaryStlRecords(bytes.subarray(HEADER_BYTES), 0, indices, welder);
  return binaryStlMesh(welder.positions(), indices, defaultName);
}

/** A binary STL's mesh from its welded vertices and triangles: one component, named `name`. */
export function binaryStlMesh(positions: Float32Array, indices: Uint32Array, name: string): ParsedMesh {
  const triangleCount = indices.length / 3;
  return {
    format: "stl",
    units: ASSUMED_MILLIMETRES,
    positions,
    indices,
    components: triangleCount > 0 ? [{ name, firstTriangle: 0, triangleCount }] : [],
  };
}

export function binaryStlTriangleCount(bytes: Uint8Array): number {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(80, true);
}

/**
 * Welds whole 50-byte records (`records` starts at triangle `firstTriangle`) on
 * the raw float32 bit patterns read straight from the buffer (no intermediate
 * float arrays), writing the corners' vertex indices to `indices` from
 * `indicesAt` (by default where the triangles' own indices go).
 */
export function weldBinaryStlRecords(
  records: Uint8Array,
  firstTriangle: number,
  indices: Uint32Array,
  welder: Float32BitsWelder,
  indicesAt = firstTriangle * 3,
): void {
  const view = new DataView(records.buffer, records.byteOffset, records.byteLength);
  const notFinite = welder.addStlRecords(view, Math.floor(records.length / RECORD_BYTES), indices, indicesAt);
  if (notFinite >= 0) {
    throw new DomainError(
      "unreadable_file",
      `Binary STL triangle ${firstTriangle + notFinite + 1} has a coordinate that is not a finite number (NaN or infinity).`,
    );
  }
}

/** ASCII STL: every `vertex x y z` line is a corner; each `solid` starts a component; text after the last `endsolid` is ignored. */
function parseAsciiStl(bytes: Uint8Array): ParsedMesh {
  const lines = readTextLines(bytes);
  const welder = new Float32BitsWelder(1024);
  const float32 = new Float32Array(3);
  const float32Bits = new Int32Array(float32.buffer);
  let indices = new Uint32Array(3 * 1024);
  let cornerCount = 0;
  let cornersInLoop = 0;
  let insideSolid = false;
  const components: ComponentRange[] = [];

  for (let lineIndex = 0; lineIndex < lines.length; lineIndex++) {
    const line = lines[lineIndex];
    if (line === "") continue;
    const tokens = splitTokens(line);
    const keyword = tokens[0].toLowerCase();
    if (!insideSolid) {
      if (keyword !== "solid") {
        if (components.length > 0) break; // trailing garbage after endsolid
        throw new DomainError(
          "unreadable_file",
          `ASCII STL line ${lineIndex + 1}: expected "solid", found "${line.slice(0, 40)}".`,
        );
      }
      insideSolid = true;
      components.push({
        name: tokens.slice(1).join(" ") || `solid ${components.length + 1}`,
        firstTriangle: cornerCount / 3,
        triangleCount: 0,
      });
    } else if (keyword === "vertex") {
      for (let axis = 0; axis < 3; axis++) float32[axis] = parseNumberToken(tokens[axis + 1]);
      if (!Number.isFinite(float32[0]) || !Number.isFinite(float32[1]) || !Number.isFinite(float32[2])) {
        throw new DomainError(
          "unreadable_file",
          `ASCII STL line ${lineIndex + 1}: "${line.slice(0, 80)}" does not have three finite coordinates.`,
        );
      }
      if (cornerCount === indices.length) {
        const grown = new Uint32Array(indices.length * 2);
        grown.set(indices);
        indices = grown;
      }
      // Adding +0 after fround maps -0 to +0 so both weld together.
      float32[0] += 0;
      float32[1] += 0;
      float32[2] += 0;
      indices[cornerCount++] = welder.addVertexBits(float32Bits[0], float32Bits[1], float32Bits[2]);
      cornersInLoop++;
    } else if (keyword === "endloop") {
      if (cornersInLoop !== 3) {
        throw new DomainError(
          "unreadable_file",
          `ASCII STL line ${lineIndex + 1}: a facet has ${cornersInLoop} vertices; STL facets must have exactly 3.`,
        );
      }
      cornersInLoop = 0;
    } else if (keyword === "endsolid") {
      insideSolid = false;
      const component = components[components.length - 1];
      component.triangleCount = cornerCount / 3 - component.firstTriangle;
    }
  }
  if (insideSolid) {
    if (cornersInLoop !== 0)
      throw new DomainError("unreadable_file", "ASCII STL ends in the middle of a facet: the file is truncated.");
    const component = components[components.length - 1];
    component.triangleCount = cornerCount / 3 - component.firstTriangle;
  }
  return {
    format: "stl",
    units: ASSUMED_MILLIMETRES,
    positions: welder.positions(),
    indices: indices.slice(0, cornerCount),
    components: components.filter((component) => component.triangleCount > 0),
  };
}
