import { isOffHeader } from "./formats/off";
import { isBinaryStl, looksLikeAsciiStl } from "./formats/stl";
import type { MeshFormat } from "./types";

const FORMAT_BY_EXTENSION: Record<string, MeshFormat> = {
  stl: "stl",
  obj: "obj",
  off: "off",
  ply: "ply",
  "3mf": "3mf",
  amf: "amf",
  step: "step",
  stp: "step",
  igs: "iges",
  iges: "iges",
  brep: "brep",
  brp: "brep",
};

export function formatFromExtension(filename: string): MeshFormat | null {
  const dot = filename.lastIndexOf(".");
  return dot >= 0 ? (FORMAT_BY_EXTENSION[filename.slice(dot + 1).toLowerCase()] ?? null) : null;
}

/**
 * Content decides when it is conclusive (a binary STL named .obj is still
 * STL); the extension decides otherwise, so a damaged file with a known
 * extension gets that format's specific error message instead of "unsupported".
 */
export function detectMeshFormat(bytes: Uint8Array, filename: string): MeshFormat | null {
  const byExtension = formatFromExtension(filename);
  return sniffContent(bytes, byExtension) ?? byExtension;
}

function sniffContent(bytes: Uint8Array, byExtension: MeshFormat | null): MeshFormat | null {
  if (bytes.length === 0) return null;
  if (isZip(bytes)) {
    if (byExtension === "3mf" || byExtension === "amf") return byExtension;
    return containsAscii(bytes, "3dmodel.model") ? "3mf" : containsAscii(bytes, ".amf") ? "amf" : null;
  }
  if (isBinaryStl(bytes)) return "stl";
  const rawHead = new TextDecoder("latin1").decode(bytes.subarray(0, 4096));
  // IGES: fixed 80-column records, the first one flagged "S" in column 73 (its text may be blank).
  if (/^.{72}S[ \d]{7}\r?$/.test(rawHead.split("\n")[0])) return "iges";
  const head = rawHead.replace(/^\uFEFF?\s*/, "");
  if (head.startsWith("ISO-10303-21")) return "step";
  if (/^ply\r?\n/.test(head)) return "ply";
  if (/^(DBRep_DrawableShape|CASCADE Topology)/.test(head)) return "brep";
  if (/^<\?xml[^>]*>\s*(<!--[\s\S]*?-->\s*)*<amf[\s>]/.test(head) || head.startsWith("<amf")) return "amf";
  if (looksLikeAsciiStl(bytes)) return "stl";
  const firstStatement = head
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*/, "").trim())
    .find((line) => line !== "");
  if (firstStatement !== undefined && isOffHeader(firstStatement)) return "off";
  if (/^v\s/m.test(head) && (/^f\s/m.test(head) || byExtension === "obj")) return "obj";
  return null;
}

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function containsAscii(bytes: Uint8Array, text: string): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(text, 0, "latin1");
}
