import { DomainError } from "@/lib/errors";
import { MeshBuilder } from "../mesh-builder";
import { parseNumberToken, readTextLines, splitTokens } from "../text-lines";
import type { ParsedMesh } from "../types";
import { ASSUMED_MILLIMETRES } from "../units";

/**
 * Wavefront OBJ: `v` vertices, `f` polygons (fan-triangulated) with `i`,
 * `i/t`, `i//n`, `i/t/n` corners and negative (relative) indices. Each `o` or
 * `g` starts a component; lines, curves, normals and materials are ignored.
 */
export function parseObj(bytes: Uint8Array, defaultName: string): ParsedMesh {
  const lines = readTextLines(bytes);
  const builder = new MeshBuilder(defaultName);
  const corners: number[] = [];

  for (let lineIndex = 0; lineIndex < lines.length; lineIndex++) {
    const line = lines[lineIndex];
    if (line === "") continue;
    const tokens = splitTokens(line);
    switch (tokens[0]) {
      case "v":
        builder.addVertex(parseNumberToken(tokens[1]), parseNumberToken(tokens[2]), parseNumberToken(tokens[3]));
        break;
      case "f":
        corners.length = 0;
        for (let i = 1; i < tokens.length; i++) corners.push(resolveCorner(tokens[i], builder.vertexCount, lineIndex));
        if (corners.length < 3) {
          throw new DomainError(
            "unreadable_file",
            `OBJ line ${lineIndex + 1}: a face needs at least 3 vertices, found ${corners.length}.`,
          );
        }
        builder.addPolygon(corners);
        break;
      case "o":
      case "g":
        builder.beginComponent(tokens.slice(1).join(" ") || defaultName);
        break;
    }
  }
  return builder.finish("obj", ASSUMED_MILLIMETRES, 1);
}

/** Turns one face corner ("7", "7/2", "-1//3") into a zero-based vertex index. */
function resolveCorner(token: string, vertexCount: number, lineIndex: number): number {
  const slash = token.indexOf("/");
  const number = Number(slash >= 0 ? token.slice(0, slash) : token);
  const index = number < 0 ? vertexCount + number : number - 1;
  if (!Number.isInteger(number) || number === 0 || index < 0 || index >= vertexCount) {
    throw new DomainError(
      "unreadable_file",
      `OBJ line ${lineIndex + 1}: face vertex "${token}" is out of range (${vertexCount} vertices are defined before this face).`,
    );
  }
  return index;
}
