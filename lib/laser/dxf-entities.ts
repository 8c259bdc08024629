import { DomainError } from "@/lib/errors";
import type { DrawingEntity, PolylineVertex, Vec3 } from "./types";
import { ignoredReason } from "./ignored-types";
import { PlainCircles } from "./lone-circles";

/** DXF bytes with line start offsets; pair k = (codes[k], value on line 2k + 1). */
export interface DxfScan {
  bytes: Uint8Array;
  starts: Int32Array;
  codes: Int32Array;
  /** Number of pairs. */
  end: number;
}

/** One entity record: pairs [start, end) of the scan. */
export interface DxfRecord {
  type: string;
  scan: DxfScan;
  start: number;
  end: number;
}

const utf8 = new TextDecoder("utf-8");
/** Recently decoded short values by a hash of their bytes: entity types and layer names repeat on every record. */
const recent: string[] = new Array(256).fill("");

/** Value line without its newline; short ASCII values (almost all) skip the decoder. */
function rawValue(scan: DxfScan, pair: number): string {
  const from = scan.starts[2 * pair + 1];
  const to = scan.starts[2 * pair + 2] - 1;
  const b = scan.bytes;
  if (to - from > 32) return utf8.decode(b.subarray(from, to));
  let h = to - from;
  for (let k = from; k < to; k++) {
    if (b[k] > 127) return utf8.decode(b.subarray(from, to));
    h = Math.imul(h ^ b[k], 0x01000193);
  }
  h = (h ^ (h >>> 8) ^ (h >>> 16)) & 255;
  const cached = recent[h];
  if (cached.length === to - from && sameBytes(cached, b, from)) return cached;
  let s = "";
  for (let k = from; k < to; k++) s += String.fromCharCode(b[k]);
  recent[h] = s;
  return s;
}

function sameBytes(s: string, b: Uint8Array, from: number): boolean {
  for (let k = 0; k < s.length; k++) if (s.charCodeAt(k) !== b[from + k]) return false;
  return true;
}

export function pairValue(scan: DxfScan, pair: number): string {
  return rawValue(scan, pair).trim();
}

const DEG = Math.PI / 180;
const Z_AXIS: Vec3 = [0, 0, 1];
const POW10 = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
  1e21, 1e22,
];

/**
 * Plain decimal straight from the bytes, NaN when outside the fast path (then Number() decides).
 * Exact: a mantissa below 2^53 times or divided by an exact power of ten ≤ 1e22 is one
 * correctly rounded operation, the same double Number() gives (Clinger's fast path).
 */
function fastNumber(b: Uint8Array, from: number, to: number): number {
  let k = from;
  while (k < to && b[k] === 32) k++;
  while (to > k && (b[to - 1] === 32 || b[to - 1] === 13)) to--;
  const negative = b[k] === 45;
  if (negative || b[k] === 43) k++;
  let m = 0;
  let digits = 0;
  let scale = 0;
  for (; k < to && b[k] >= 48 && b[k] <= 57; k++, digits++) m = m * 10 + (b[k] - 48);
  if (k < to && b[k] === 46) {
    for (k++; k < to && b[k] >= 48 && b[k] <= 57; k++, digits++, scale++) m = m * 10 + (b[k] - 48);
  }
  if (digits === 0 || m > 9007199254740992) return NaN;
  let exp = 0;
  if (k < to && (b[k] === 101 || b[k] === 69)) {
    k++;
    const expNegative = b[k] === 45;
    if (expNegative || b[k] === 43) k++;
    const first = k;
    for (; k < to && b[k] >= 48 && b[k] <= 57 && exp < 1000; k++) exp = exp * 10 + (b[k] - 48);
    if (k === first) return NaN;
    if (expNegative) exp = -exp;
  }
  if (k !== to) return NaN;
  const e = exp - scale;
  if (e < -22 || e > 22) return NaN;
  const v = e < 0 ? m / POW10[-e] : m * POW10[e];
  return negative ? -v : v;
}

function num(r: DxfRecord, pair: number): number {
  return numAt(r.scan, pair);
}

function numAt(scan: DxfScan, pair: number): number {
  const fast = fastNumber(scan.bytes, scan.starts[2 * pair + 1], scan.starts[2 * pair + 2] - 1);
  if (fast === fast) return fast;
  const raw = rawValue(scan, pair);
  const v = +raw; // Number() ignores surrounding spaces and CR
  if (!Number.isFinite(v) || raw.trim() === "") {
    throw new DomainError(
      "unreadable_file",
      `The DXF file is damaged: line ${2 * pair + 2} should hold a number but holds "${raw.slice(0, 40).trim()}".`,
    );
  }
  return v;
}

/** Shared fields: layer (8), linetype (6), paper-space flag (67) and extrusion (210/220/230). */
interface Common {
  layer: string;
  linetype?: string;
  paper: boolean;
  extrusion: Vec3;
}

function readCommon(r: DxfRecord, code: number, pair: number, c: Common): boolean {
  switch (code) {
    case 8:
      c.layer = pairValue(r.scan, pair);
      return true;
    case 6:
      c.linetype = pairValue(r.scan, pair);
      return true;
    case 67:
      c.paper = num(r, pair) === 1;
      return true;
    case 210:
      c.extrusion = [num(r, pair), c.extrusion[1], c.extrusion[2]];
      return true;
    case 220:
      c.extrusion = [c.extrusion[0], num(r, pair), c.extrusion[2]];
      return true;
    case 230:
      c.extrusion = [c.extrusion[0], c.extrusion[1], num(r, pair)];
      return true;
    default:
      return false;
  }
}

/**
 * A model-space CIRCLE record (pairs [start, end)) into `circles` without an entity object, when it is plain:
 * no own linetype (6), paper-space flag (67), extrusion (210–230) or angles (50, 51). False otherwise, and then
 * convertDxfRecord reads it as before. Numbers are read as readArc reads them, so a damaged one fails alike.
 */
export function addPlainCircle(scan: DxfScan, start: number, end: number, circles: PlainCircles): boolean {
  if (circles.count >= PlainCircles.MAX) return false;
  let layer = "0";
  let cx = 0;
  let cy = 0;
  let cz = 0;
  let r = 0;
  for (let k = start; k < end; k++) {
    const code = scan.codes[k];
    if (code === 10) cx = numAt(scan, k);
    else if (code === 20) cy = numAt(scan, k);
    else if (code === 30) cz = numAt(scan, k);
    else if (code === 40) r = numAt(scan, k);
    else if (code === 8) layer = pairValue(scan, k);
    else if (code === 6 || code === 67 || code === 50 || code === 51 || (code >= 210 && code <= 230)) return false;
  }
  circles.add(cx, cy, cz, r, layer);
  return true;
}

export function convertDxfRecord(r: DxfRecord, modelSpace: boolean, vertices: DxfRecord[]): DrawingEntity {
  const c: Common = { layer: "0", paper: false, extrusion: Z_AXIS };
  const entity = convertByType(r, c, vertices);
  // Set only when drawn: most entities follow their layer's linetype.
  if (c.linetype !== undefined) entity.linetype = c.linetype;
  // Entities of the ENTITIES section flagged 67=1 belong to a paper-space layout, not the part.
  if (modelSpace && c.paper) return { type: "ignored", reason: "paper_space", layer: c.layer };
  return entity;
}

function convertByType(r: DxfRecord, c: Common, vertices: DxfRecord[]): DrawingEntity {
  switch (r.type) {
    case "LINE":
      return readLine(r, c);
    case "CIRCLE":
    case "ARC":
      return readArc(r, c);
    case "LWPOLYLINE":
      return readLwPolyline(r, c);
    case "POLYLINE":
      return readPolyline(r, c, vertices);
    case "SPLINE":
      return readSpline(r, c);
    case "ELLIPSE":
      return readEllipse(r, c);
    case "INSERT":
      return readInsert(r, c);
    default:
      for (let k = r.start; k < r.end; k++) readCommon(r, r.scan.codes[k], k, c);
      return { type: "ignored", reason: ignoredReason(r.type), layer: c.layer };
  }
}

function readLine(r: DxfRecord, c: Common): DrawingEntity {
  const p = [0, 0, 0, 0, 0, 0];
  for (let k = r.start; k < r.end; k++) {
    const code = r.scan.codes[k];
    if (code >= 10 && code <= 31 && code % 10 <= 1) p[(Math.floor(code / 10) - 1) * 2 + (code % 10)] = num(r, k);
    else readCommon(r, code, k, c);
  }
  // p = [x0, x1, y0, y1, z0, z1] from codes 10/11, 20/21, 30/31.
  return { type: "line", layer: c.layer, start: [p[0], p[2], p[4]], end: [p[1], p[3], p[5]] };
}

function readArc(r: DxfRecord, c: Common): DrawingEntity {
  const center: Vec3 = [0, 0, 0];
  let radius = 0;
  let start = 0;
  let end = 360;
  for (let k = r.start; k < r.end; k++) {
    const code = r.scan.codes[k];
    if (code === 10) center[0] = num(r, k);
    else if (code === 20) center[1] = num(r, k);
    else if (code === 30) center[2] = num(r, k);
    else if (code === 40) radius = num(r, k);
    else if (code === 50) start = num(r, k);
    else if (code === 51) end = num(r, k);
    else readCommon(r, code, k, c);
  }
  return {
    type: "arc",
    layer: c.layer,
    center,
    radius,
    start: start * DEG,
    end: end * DEG,
    full: r.type === "CIRCLE",
    extrusion: c.extrusion,
  };
}

function readLwPolyline(r: DxfRecord, c: Common): DrawingEntity {
  const vertices: PolylineVertex[] = [];
  let flags = 0;
  let elevation = 0;
  for (let k = r.start; k < r.end; k++) {
    const code = r.scan.codes[k];
    if (code === 10) vertices.push({ x: num(r, k), y: 0, z: 0, bulge: 0 });
    else if (code === 20 && vertices.length) vertices[vertices.length - 1].y = num(r, k);
    else if (code === 42 && vertices.length) vertices[vertices.length - 1].bulge = num(r, k);
    else if (code === 70) flags = num(r, k);
    else if (code === 38) elevation = num(r, k);
    else readCommon(r, code, k, c);
  }
  for (const v of vertices) v.z = elevation;
  return { type: "polyline", layer: c.layer, vertices, closed: (flags & 1) === 1, ocs: true, extrusion: c.extrusion };
}

function readPolyline(r: DxfRecord, c: Common, vertexRecords: DxfRecord[]): DrawingEntity {
  let flags = 0;
  let elevation = 0;
  for (let k = r.start; k < r.end; k++) {
    const code = r.scan.codes[k];
    if (code === 70) flags = num(r, k);
    else if (code === 30) elevation = num(r, k);
    else readCommon(r, code, k, c);
  }
  // 16 = polygon mesh, 64 = polyface mesh: surfaces, not cut paths.
  if (flags & (16 | 64)) return { type: "ignored", reason: "mesh", layer: c.layer };
  const is3d = (flags & 8) === 8;
  const vertices: PolylineVertex[] = [];
  for (const v of vertexRecords) {
    const p: PolylineVertex = { x: 0, y: 0, z: elevation, bulge: 0 };
    let vflags = 0;
    for (let k = v.start; k < v.end; k++) {
      const code = v.scan.codes[k];
      if (code === 10) p.x = num(v, k);
      else if (code === 20) p.y = num(v, k);
      else if (code === 30 && is3d) p.z = num(v, k);
      else if (code === 42) p.bulge = num(v, k);
      else if (code === 70) vflags = num(v, k);
    }
    // 16 = spline frame control point: part of the frame, not of the drawn curve.
    if (!(vflags & 16)) vertices.push(p);
  }
  return { type: "polyline", layer: c.layer, vertices, closed: (flags & 1) === 1, ocs: !is3d, extrusion: c.extrusion };
}

function readSpline(r: DxfRecord, c: Common): DrawingEntity {
  let flags = 0;
  let degree = 3;
  const knots: number[] = [];
  const weights: number[] = [];
  const control: Vec3[] = [];
  const fit: Vec3[] = [];
  let startTangent: Vec3 | null = null;
  let endTangent: Vec3 | null = null;
  for (let k = r.start; k < r.end; k++) {
    const code = r.scan.codes[k];
    if (code === 10) control.push([num(r, k), 0, 0]);
    else if (code === 12) startTangent = [num(r, k), 0, 0];
    else if (code === 22 && startTangent) startTangent[1] = num(r, k);
    else if (code === 13) endTangent = [num(r, k), 0, 0];
    else if (code === 23 && endTangent) endTangent[1] = num(r, k);
    else if (code === 20 && control.length) control[control.length - 1][1] = num(r, k);
    else if (code === 30 && control.length) control[control.length - 1][2] = num(r, k);
    else if (code === 11) fit.push([num(r, k), 0, 0]);
    else if (code === 21 && fit.length) fit[fit.length - 1][1] = num(r, k);
    else if (code === 31 && fit.length) fit[fit.length - 1][2] = num(r, k);
    else if (code === 40) knots.push(num(r, k));
    else if (code === 41) weights.push(num(r, k));
    else if (code === 70) flags = num(r, k);
    else if (code === 71) degree = num(r, k);
    else readCommon(r, code, k, c);
  }
  const weighted = weights.length === control.length && weights.some((w) => w !== 1);
  return {
    type: "spline",
    layer: c.layer,
    degree,
    knots,
    control,
    weights: weighted ? weights : null,
    fit,
    closed: (flags & 1) === 1,
    startTangent,
    endTangent,
  };
}

function readEllipse(r: DxfRecord, c: Common): DrawingEntity {
  const center: Vec3 = [0, 0, 0];
  const major: Vec3 = [1, 0, 0];
  let ratio = 1;
  let start = 0;
  let end = 2 * Math.PI;
  for (let k = r.start; k < r.end; k++) {
    const code = r.scan.codes[k];
    if (code === 10) center[0] = num(r, k);
    else if (code === 20) center[1] = num(r, k);
    else if (code === 30) center[2] = num(r, k);
    else if (code === 11) major[0] = num(r, k);
    else if (code === 21) major[1] = num(r, k);
    else if (code === 31) major[2] = num(r, k);
    else if (code === 40) ratio = num(r, k);
    else if (code === 41) start = num(r, k);
    else if (code === 42) end = num(r, k);
    else readCommon(r, code, k, c);
  }
  return { type: "ellipse", layer: c.layer, center, major, ratio, start, end, extrusion: c.extrusion };
}

function readInsert(r: DxfRecord, c: Common): DrawingEntity {
  const e = {
    block: "",
    insertion: [0, 0, 0] as Vec3,
    scale: [1, 1, 1] as Vec3,
    rotation: 0,
    columns: 1,
    rows: 1,
    columnSpacing: 0,
    rowSpacing: 0,
  };
  for (let k = r.start; k < r.end; k++) {
    const code = r.scan.codes[k];
    if (code === 2) e.block = pairValue(r.scan, k);
    else if (code >= 10 && code <= 30 && code % 10 === 0) e.insertion[code / 10 - 1] = num(r, k);
    else if (code >= 41 && code <= 43) e.scale[code - 41] = num(r, k);
    else if (code === 50) e.rotation = num(r, k) * DEG;
    else if (code === 70) e.columns = Math.max(1, num(r, k));
    else if (code === 71) e.rows = Math.max(1, num(r, k));
    else if (code === 44) e.columnSpacing = num(r, k);
    else if (code === 45) e.rowSpacing = num(r, k);
    else readCommon(r, code, k, c);
  }
  return { type: "insert", layer: c.layer, ...e, extrusion: c.extrusion };
}
