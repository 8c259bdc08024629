import { DomainError } from "@/lib/errors";
import { MeshBuilder } from "../mesh-builder";
import { parseNumberToken, readTextLines, splitTokens } from "../text-lines";
import type { ParsedMesh } from "../types";
import { ASSUMED_MILLIMETRES } from "../units";

const HEADER_KEYWORD = /^(ST)?C?N?OFF$/i;

export function isOffHeader(firstStatement: string): boolean {
  return HEADER_KEYWORD.test(splitTokens(firstStatement)[0] ?? "");
}

/**
 * OFF and its ST/C/N variants (ASCII): one vertex per line (extra columns
 * such as colours or normals ignored), one polygon per line ("n i1 … in"
 * followed by optional colour).
 */
export function parseOff(bytes: Uint8Array, defaultName: string): ParsedMesh {
  const statements = readTextLines(bytes)
    .map((line, index) => ({ line, number: index + 1 }))
    .filter((s) => s.line !== "");
  const header = statements[0] ? splitTokens(statements[0].line) : [];
  if (!HEADER_KEYWORD.test(header[0] ?? "")) {
    throw new DomainError(
      "unreadable_file",
      `OFF files start with "OFF" (or COFF, NOFF, STOFF…); this one starts with "${(header[0] ?? "").slice(0, 20)}".`,
    );
  }
  if (/binary/i.test(header[1] ?? ""))
    throw new DomainError(
      "unsupported_format",
      "Binary OFF files are not supported; please export ASCII OFF, STL or PLY.",
    );
  // The counts may follow the keyword on the same line.
  const countTokens = header.length >= 3 ? header.slice(1) : splitTokens(statements[1]?.line ?? "");
  let cursor = header.length >= 3 ? 1 : 2;
  const vertexCount = parseNumberToken(countTokens[0]);
  const faceCount = parseNumberToken(countTokens[1]);
  if (!Number.isInteger(vertexCount) || !Number.isInteger(faceCount) || vertexCount < 0 || faceCount < 0) {
    throw new DomainError(
      "unreadable_file",
      `OFF header must give the vertex and face counts; found "${countTokens.join(" ").slice(0, 40)}".`,
    );
  }
  if (statements.length - cursor < vertexCount + faceCount) {
    throw new DomainError(
      "unreadable_file",
      `OFF file is truncated: header announces ${vertexCount} vertices and ${faceCount} faces but only ${statements.length - cursor} data lines follow.`,
    );
  }

  const builder = new MeshBuilder(defaultName);
  for (let v = 0; v < vertexCount; v++, cursor++) {
    const tokens = splitTokens(statements[cursor].line);
    builder.addVertex(parseNumberToken(tokens[0]), parseNumberToken(tokens[1]), parseNumberToken(tokens[2]));
  }
  const corners: number[] = [];
  for (let f = 0; f < faceCount; f++, cursor++) {
    const { line, number } = statements[cursor];
    const tokens = splitTokens(line);
    const cornerCount = parseNumberToken(tokens[0]);
    if (!Number.isInteger(cornerCount) || cornerCount < 3 || tokens.length < cornerCount + 1) {
      throw new DomainError(
        "unreadable_file",
        `OFF line ${number}: "${line.slice(0, 60)}" is not a polygon with at least 3 vertex indices.`,
      );
    }
    corners.length = 0;
    for (let i = 1; i <= cornerCount; i++) {
      const index = parseNumberToken(tokens[i]);
      if (!Number.isInteger(index) || index < 0 || index >= vertexCount) {
        throw new DomainError(
          "unreadable_file",
          `OFF line ${number}: vertex index ${tokens[i]} is out of range (the file has ${vertexCount} vertices, numbered from 0).`,
        );
      }
      corners.push(index);
    }
    builder.addPolygon(corners);
  }
  return builder.finish("off", ASSUMED_MILLIMETRES, 1);
}
