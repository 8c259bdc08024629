import type { DrawingEntity, DrawingModel, PolylineVertex, Vec3 } from "./types";
import { ignoredReason } from "./ignored-types";

/** What the DWG worker sends back: LibreDWG's converted entities, trimmed. */
export interface DwgDrawing {
  insunits: number | null;
  measurement: number | null;
  entities: DwgEntity[];
  blocks: { name: string; basePoint?: DwgPoint; entities: DwgEntity[] }[];
  layers?: { name: string; lineType?: string }[];
  linetypes?: { name: string; dashes: number }[];
}

interface DwgPoint {
  x: number;
  y: number;
  z?: number;
}

/** Loosely typed on purpose: fields differ per entity type and come from another process. */
type DwgEntity = { type: string; layer?: string; lineType?: string; isInPaperSpace?: boolean } & Record<
  string,
  unknown
>;

function vec(p: unknown, fallback: Vec3 = [0, 0, 0]): Vec3 {
  const q = p as DwgPoint | undefined;
  return q && typeof q.x === "number" ? [q.x, q.y, q.z ?? 0] : fallback;
}

function n(v: unknown, fallback = 0): number {
  return typeof v === "number" && Number.isFinite(v) ? v : fallback;
}

/** LibreDWG flag bits: LWPOLYLINE 512 = closed (DWG layout, unlike DXF's 1); POLYLINE 1 = closed, 16/64 = meshes. */
const LWPOLYLINE_CLOSED = 512;

export function convertDwgDrawing(d: DwgDrawing): DrawingModel {
  const blocks = new Map(
    d.blocks.map((b) => [
      b.name.toUpperCase(),
      { base: vec(b.basePoint), entities: b.entities.map((e) => convertDwgEntity(e, false)) },
    ]),
  );
  return {
    insunits: d.insunits,
    measurement: d.measurement,
    entities: d.entities.flatMap((e) => expandAttribs(e)),
    blocks,
    layerLinetypes: new Map((d.layers ?? []).map((l) => [l.name.toUpperCase(), l.lineType || "CONTINUOUS"])),
    dashedLinetypes: new Map((d.linetypes ?? []).map((t) => [t.name.toUpperCase(), t.dashes > 0])),
  };
}

/** INSERT carries its ATTRIBs inline; they are text on the drawing, counted as such. */
function expandAttribs(e: DwgEntity): DrawingEntity[] {
  const out = [convertDwgEntity(e, true)];
  const attribs = e.type === "INSERT" && Array.isArray(e.attribs) ? e.attribs : [];
  for (const _ of attribs) out.push({ type: "ignored", reason: "text", layer: e.layer ?? "0" });
  return out;
}

function convertDwgEntity(e: DwgEntity, modelSpace: boolean): DrawingEntity {
  const entity = convertByType(e, modelSpace);
  if (e.lineType) entity.linetype = e.lineType;
  return entity;
}

function convertByType(e: DwgEntity, modelSpace: boolean): DrawingEntity {
  const layer = e.layer || "0";
  const extrusion = vec(e.extrusionDirection, [0, 0, 1]);
  if (modelSpace && e.isInPaperSpace) return { type: "ignored", reason: "paper_space", layer };
  switch (e.type) {
    case "LINE":
      return { type: "line", layer, start: vec(e.startPoint), end: vec(e.endPoint) };
    case "CIRCLE":
    case "ARC":
      return {
        type: "arc",
        layer,
        center: vec(e.center),
        radius: n(e.radius),
        start: n(e.startAngle),
        end: n(e.endAngle),
        full: e.type === "CIRCLE",
        extrusion,
      };
    case "LWPOLYLINE": {
      const z = n(e.elevation);
      const vertices = (e.vertices as PolylineVertex[]).map((v) => ({ x: v.x, y: v.y, z, bulge: n(v.bulge) }));
      return { type: "polyline", layer, vertices, closed: (n(e.flag) & LWPOLYLINE_CLOSED) !== 0, ocs: true, extrusion };
    }
    case "POLYLINE2D":
    case "POLYLINE3D": {
      const flag = n(e.flag);
      if (flag & (16 | 64)) return { type: "ignored", reason: "mesh", layer };
      const is3d = e.type === "POLYLINE3D";
      const z = n(e.elevation);
      const vertices = (e.vertices as (PolylineVertex & { flag?: number })[])
        .filter((v) => !(n(v.flag) & 16)) // spline frame control points
        .map((v) => ({ x: v.x, y: v.y, z: is3d ? n(v.z) : z, bulge: is3d ? 0 : n(v.bulge) }));
      return { type: "polyline", layer, vertices, closed: (flag & 1) === 1, ocs: !is3d, extrusion };
    }
    case "SPLINE":
      return {
        type: "spline",
        layer,
        degree: n(e.degree, 3),
        knots: (e.knots as number[]) ?? [],
        control: ((e.controlPoints as DwgPoint[]) ?? []).map((p) => vec(p)),
        weights: Array.isArray(e.weights) && e.weights.some((w) => w !== 1) ? (e.weights as number[]) : null,
        fit: ((e.fitPoints as DwgPoint[]) ?? []).map((p) => vec(p)),
        closed: false,
        startTangent: e.startTangent ? vec(e.startTangent) : null,
        endTangent: e.endTangent ? vec(e.endTangent) : null,
      };
    case "ELLIPSE":
      return {
        type: "ellipse",
        layer,
        center: vec(e.center),
        major: vec(e.majorAxisEndPoint),
        ratio: n(e.axisRatio, 1),
        start: n(e.startAngle),
        end: n(e.endAngle, 2 * Math.PI),
        extrusion,
      };
    case "INSERT":
      return {
        type: "insert",
        layer,
        block: String(e.name ?? ""),
        insertion: vec(e.insertionPoint),
        scale: [n(e.xScale, 1), n(e.yScale, 1), n(e.zScale, 1)],
        rotation: n(e.rotation),
        columns: Math.max(1, n(e.columnCount, 1)),
        rows: Math.max(1, n(e.rowCount, 1)),
        columnSpacing: n(e.columnSpacing),
        rowSpacing: n(e.rowSpacing),
        extrusion,
      };
    default:
      return { type: "ignored", reason: ignoredReason(e.type), layer };
  }
}
