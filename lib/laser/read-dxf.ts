import { DomainError } from "@/lib/errors";
import type { DrawingBlock, DrawingEntity, DrawingModel, Vec3 } from "./types";
import { addPlainCircle, convertDxfRecord, type DxfRecord, type DxfScan, pairValue } from "./dxf-entities";
import { PlainCircles } from "./lone-circles";

/**
 * ASCII DXF → DrawingModel with our own streaming group-code scanner.
 *
 * Why not dxf-parser here: on a 5 MB sheet it alone takes ~300 ms, over our whole
 * budget (0.1× ezdxf's read time), and it drops what pricing needs (ellipse
 * extrusion, spline weights, paper-space flag, INSUNITS application). The scanner
 * only slices line indices and converts the few entity kinds that matter;
 * dxf-parser stays as the cross-check in the tests. With `plainCircles`, model space's
 * plain circles are kept as numbers in `model.circles` rather than yielded (lone-circles.ts).
 */
export function readDxf(bytes: Uint8Array, options: { plainCircles?: boolean } = {}): DrawingModel {
  if (startsWithAscii(bytes, "AutoCAD Binary DXF")) {
    throw new DomainError(
      "unsupported_format",
      "Binary DXF is not supported. Save the drawing as ASCII DXF (or DWG) and upload it again.",
    );
  }
  const scan = scanLines(bytes);
  const end = scan.end;
  const model: DrawingModel = {
    insunits: null,
    measurement: null,
    entities: [],
    blocks: new Map(),
    layerLinetypes: new Map(),
    dashedLinetypes: new Map(),
  };
  const modelSpace: [number, number][] = [];
  let section: string | null = null;
  let i = 0;
  while (i < end) {
    const code = scan.codes[i];
    if (code !== 0) {
      i = section === "HEADER" && code === 9 ? readHeaderVar(scan, i, model) : i + 1;
      continue;
    }
    const value = pairValue(scan, i);
    if (value === "EOF") break;
    if (value === "SECTION") {
      if (section) throw truncated(`section ${section} is never closed`);
      section = i + 1 < end && scan.codes[i + 1] === 2 ? pairValue(scan, i + 1) : "";
      i += 2;
      continue;
    }
    if (value === "ENDSEC") {
      section = null;
      i++;
      continue;
    }
    if (section === "ENTITIES") {
      const stop = entitiesEnd(scan, i);
      modelSpace.push([i, stop]);
      i = Math.max(stop, i + 1);
    } else if (section === "BLOCKS" && value === "BLOCK") i = readBlock(scan, i, model.blocks);
    else if (section === "TABLES" && (value === "LAYER" || value === "LTYPE")) i = readTableEntry(scan, i, model);
    else i++;
  }
  if (section) throw truncated(`the ${section} section is not closed`);
  const circles = options.plainCircles ? new PlainCircles() : null;
  model.entities = convertEntities(scan, modelSpace, true, circles);
  model.circles = circles;
  return model;
}

function startsWithAscii(bytes: Uint8Array, text: string): boolean {
  if (bytes.length < text.length) return false;
  for (let k = 0; k < text.length; k++) if (bytes[k] !== text.charCodeAt(k)) return false;
  return true;
}

function truncated(detail: string): DomainError {
  return new DomainError(
    "unreadable_file",
    `The DXF file is incomplete (${detail}); it may have been truncated during upload or export.`,
  );
}

/**
 * Line offsets and group codes as typed arrays, straight from the bytes: neither the
 * text nor a million line strings are ever built; values are decoded on demand. One pass:
 * each group-code line is parsed as it is scanned for its end, so no byte is read twice.
 */
function scanLines(bytes: Uint8Array): DxfScan {
  const b = bytes;
  const n = b.length;
  // A UTF-8 byte order mark is not part of the first group code.
  const first = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  // DXF lines average well over 4 bytes, pairs over 8: one allocation each almost always suffices.
  let starts: Int32Array = new Int32Array(Math.max(1024, n >> 2));
  let codes: Int32Array = new Int32Array(Math.max(512, n >> 3));
  // The first code line that is not an integer, reported only if a value line follows it.
  let bad = -1;
  let count = 0;
  starts[count++] = first;
  for (let at = first; at < n; ) {
    if ((count & 1) === 1) {
      // Line count - 1 is even: a group code, an integer between spaces (and a trailing CR).
      let k = at;
      while (b[k] === 32) k++;
      const negative = b[k] === 45;
      if (negative) k++;
      let value = 0;
      const digitsFrom = k;
      for (let c = b[k]; c >= 48 && c <= 57; c = b[++k]) value = value * 10 + (c - 48);
      const digits = k - digitsFrom;
      while (b[k] === 32 || b[k] === 13) k++;
      const pair = count >> 1;
      if (pair === codes.length) codes = grow(codes);
      codes[pair] = negative ? -value : value;
      if (k < n && b[k] !== 10) {
        if (bad < 0) bad = pair;
        while (k < n && b[k] !== 10) k++;
      } else if (digits === 0 && bad < 0) bad = pair;
      at = k;
    } else {
      while (at < n && b[at] !== 10) at++;
    }
    if (at >= n) break;
    if (count === starts.length) starts = grow(starts);
    starts[count++] = ++at;
  }
  if (count === starts.length) starts = grow(starts);
  starts[count++] = n + 1;
  starts = starts.subarray(0, count);
  const end = Math.floor((count - 1) / 2);
  if (bad >= 0 && bad < end) {
    const raw = new TextDecoder("utf-8")
      .decode(b.subarray(starts[2 * bad], Math.min(starts[2 * bad + 1] - 1, starts[2 * bad] + 40)))
      .trim();
    throw new DomainError(
      "unreadable_file",
      `The DXF file is damaged: line ${2 * bad + 1} should hold a group code but holds "${raw}".`,
    );
  }
  return { bytes, starts, codes: codes.subarray(0, end), end };
}

function grow(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/** Header variable at pair i (code 9); the two we need are integers under code 70. */
function readHeaderVar(scan: DxfScan, i: number, model: DrawingModel): number {
  const name = pairValue(scan, i);
  if ((name === "$INSUNITS" || name === "$MEASUREMENT") && i + 1 < scan.end && scan.codes[i + 1] === 70) {
    const v = parseInt(pairValue(scan, i + 1), 10);
    if (name === "$INSUNITS") model.insunits = v;
    else model.measurement = v;
  }
  return i + 1;
}

/** A LAYER (name 2, linetype 6) or LTYPE (name 2, dash count 73) entry of the TABLES section. */
function readTableEntry(scan: DxfScan, i: number, model: DrawingModel): number {
  const record = readRecord(scan, i);
  let name = "";
  let linetype = "CONTINUOUS";
  let dashes = 0;
  for (let j = record.start; j < record.end; j++) {
    const code = scan.codes[j];
    if (code === 2) name = pairValue(scan, j).toUpperCase();
    else if (code === 6) linetype = pairValue(scan, j);
    else if (code === 73) dashes = parseInt(pairValue(scan, j), 10) || 0;
  }
  if (record.type === "LAYER") model.layerLinetypes.set(name, linetype);
  else model.dashedLinetypes.set(name, dashes > 0);
  return record.end;
}

/** Reads one entity record (code 0 at pair i up to the next code 0). */
function readRecord(scan: DxfScan, i: number): DxfRecord {
  return { type: pairValue(scan, i), scan, start: i + 1, end: recordEnd(scan, i) };
}

/** The pair after the record at pair i: its next code 0, or the end. */
function recordEnd(scan: DxfScan, i: number): number {
  let j = i + 1;
  while (j < scan.end && scan.codes[j] !== 0) j++;
  return j;
}

/** Index of the record that ends an entity list at pair i (ENDSEC, ENDBLK or EOF), or the end of the file. */
function entitiesEnd(scan: DxfScan, i: number): number {
  for (; i < scan.end; i++) {
    if (scan.codes[i] !== 0) continue;
    // A type starting with a capital other than E (CIRCLE, LINE…) is no terminator: no need to decode it.
    const first = scan.bytes[scan.starts[2 * i + 1]];
    if (first >= 65 && first <= 90 && first !== 69) continue;
    const type = pairValue(scan, i);
    if (type === "ENDSEC" || type === "ENDBLK" || type === "EOF") return i;
  }
  return i;
}

/**
 * Converts the entity records in the pair ranges, one at a time as they are asked for:
 * model space is walked once, so each entity object dies young (cheap to collect)
 * instead of all of them surviving until the walk — on a sheet of 50,000 holes that
 * was most of the garbage collector's work. Plain circles go to `circles` instead when
 * given (lone-circles.ts). POLYLINE+VERTEX…SEQEND and INSERT+ATTRIB…SEQEND are sequences
 * in DXF; they are folded here so that entity conversion sees whole objects.
 */
function* convertEntities(
  scan: DxfScan,
  ranges: [number, number][],
  modelSpace: boolean,
  circles: PlainCircles | null = null,
): Generator<DrawingEntity> {
  for (const [from, to] of ranges) {
    let polyline: DxfRecord | null = null;
    let vertices: DxfRecord[] = [];
    for (let i = from; i < to; ) {
      const start = i + 1;
      const end = recordEnd(scan, i);
      const type = pairValue(scan, i);
      i = end;
      if (type === "VERTEX" && polyline) {
        vertices.push({ type, scan, start, end });
        continue;
      }
      if (polyline) {
        yield convertDxfRecord(polyline, modelSpace, vertices);
        polyline = null;
        vertices = [];
      }
      if (type === "POLYLINE") polyline = { type, scan, start, end };
      else if (type === "CIRCLE" && circles && addPlainCircle(scan, start, end, circles)) continue;
      else if (type !== "SEQEND") yield convertDxfRecord({ type, scan, start, end }, modelSpace, []);
    }
    if (polyline) yield convertDxfRecord(polyline, modelSpace, vertices);
  }
}

function readBlock(scan: DxfScan, i: number, blocks: Map<string, DrawingBlock>): number {
  const header = readRecord(scan, i);
  let name = "";
  const base: Vec3 = [0, 0, 0];
  for (let j = header.start; j < header.end; j++) {
    const code = scan.codes[j];
    if (code === 2) name = pairValue(scan, j);
    else if (code >= 10 && code <= 30 && code % 10 === 0) base[code / 10 - 1] = +pairValue(scan, j);
  }
  const next = entitiesEnd(scan, header.end);
  // Kept as a list: a block is walked once per INSERT.
  blocks.set(name.toUpperCase(), { base, entities: [...convertEntities(scan, [[header.end, next]], false)] });
  // Skip the ENDBLK record itself.
  return next < scan.end ? readRecord(scan, next).end : next;
}
