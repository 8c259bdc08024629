import { DomainError } from "@/lib/errors";
import type { DrawingBlock, DrawingEntity, DrawingModel, Vec3 } from "./types";
import type { Point, Segment } from "./geometry/segments";
import { flattenCurve } from "./geometry/flatten-curve";
import { ccwSweep, pushCircularArc, pushEllipticArc, pushLine } from "./emit-arcs";
import { makeNurbs } from "./geometry/nurbs";
import { interpolateFitPoints } from "./geometry/interpolate-spline";
import { effectiveLinetype, isDashedLinetype, layerRoles, MODEL_SPACE_LINETYPE } from "./non-cut-rules";
import { isDimensionBlock, isTableBlock } from "./ignored-types";
import { CutCircles } from "./lone-circles";
import { type Insert, insertSizes } from "./insert-sizes";
import {
  IDENTITY,
  type Affine,
  applyPoint,
  composeAffine,
  cross,
  normalize,
  ocsToWcs,
  rotationZ,
  scaling,
  translation,
} from "./geometry/transform";

/**
 * Explosion budgets: a 10 KB DXF of blocks inserting blocks (or one INSERT with a 100,000 × 100,000
 * array) expands to billions of entities, so nothing may be expanded before its size is known
 * (insert-sizes.ts, which also bounds the nesting depth, MAX_BLOCK_DEPTH).
 */
export { MAX_BLOCK_DEPTH } from "./insert-sizes";
/**
 * Every entity instance an explosion produces counts (each INSERT cell, text, point and line alike):
 * 2.5× the segment cap leaves room for the annotation that rides along with the most cut geometry we
 * accept, and walking that many takes 1–2 s. The corpus drawings explode to at most 1,830.
 */
export const MAX_EXPLODED_ENTITIES = 5_000_000;
/** Cut segments kept in memory and chained afterwards; far beyond any sheet a laser shop quotes. */
export const MAX_SEGMENTS = 2_000_000;
/** Beyond 1000 km the drawing is certainly in the wrong units or corrupt, and float precision is gone. */
const MAX_COORDINATE_MM = 1e9;

export interface ExplodedDrawing {
  segments: Segment[];
  /** Model space's plain circles that are cut, as numbers, each with its place among `segments` (lone-circles.ts). */
  circles: CutCircles | null;
  ignored: Record<string, number>;
  bendLines: number;
  /** Drawn geometry that is not cut, per entity with its reason; collected only for display. */
  nonCut: { reason: string; segments: Segment[] }[] | null;
}

/**
 * Walks model space, expanding INSERTs recursively, and turns every cut entity
 * into 2D segments in mm (OCS → WCS → block transforms → unit scale, then Z dropped).
 */
export function explodeDrawing(
  model: DrawingModel,
  unitScale: number,
  nonCutPatterns: string[],
  includeIgnored = false,
): ExplodedDrawing {
  const out: ExplodedDrawing = {
    segments: [],
    circles: model.circles ? new CutCircles() : null,
    ignored: {},
    bendLines: 0,
    nonCut: includeIgnored ? [] : null,
  };
  const roleOf = layerRoles(nonCutPatterns);
  // Most entities follow their layer's linetype: resolved once per layer, not per entity.
  const byLayer = new Map<string, string>();
  const layerLinetype = (layer: string) => {
    let linetype = byLayer.get(layer);
    if (linetype === undefined) byLayer.set(layer, (linetype = effectiveLinetype(model, undefined, layer, "")));
    return linetype;
  };
  const dashed = new Map<string, boolean>();
  const isDashed = (linetype: string) => {
    let d = dashed.get(linetype);
    if (d === undefined) dashed.set(linetype, (d = isDashedLinetype(model, linetype)));
    return d;
  };
  let nonCutSegments = 0;
  const skip = (reason: string, e: DrawingEntity, m: Affine, layer: string) => {
    if (reason !== "bend_line") ignore(reason);
    if (!out.nonCut) return;
    const segments: Segment[] = [];
    emitEntity(e, m, layer, segments);
    if (segments.length) out.nonCut.push({ reason, segments });
    // Shown, not cut, but held in memory all the same: the same cap applies.
    nonCutSegments += segments.length;
  };
  const ignore = (reason: string) => {
    out.ignored[reason] = (out.ignored[reason] ?? 0) + 1;
  };

  // A block is searched for DEFPOINTS points once, however often it is inserted.
  const dimensionBlocks = new Map<DrawingBlock, boolean>();
  const isDimension = (name: string, block: DrawingBlock) => {
    let is = dimensionBlocks.get(block);
    if (is === undefined) dimensionBlocks.set(block, (is = isDimensionBlock(name, block)));
    return is;
  };
  const sizeOf = insertSizes(model.blocks);
  let exploded = 0;

  const tooManySegments = () => {
    const cut = out.segments.length + (out.circles?.count ?? 0);
    if (cut > MAX_SEGMENTS || nonCutSegments > MAX_SEGMENTS) {
      throw new DomainError(
        "drawing_too_complex",
        `The drawing expands to more than ${MAX_SEGMENTS.toLocaleString("en")} cut segments, the most we quote automatically. Simplify the drawing (one part per file, no repeated arrays) and upload it again.`,
        { details: { max_segments: MAX_SEGMENTS } },
      );
    }
  };

  const visit = (e: DrawingEntity, m: Affine, parentLayer: string | null, blockLinetype: string): void => {
    if (e.type === "ignored") {
      ignore(e.reason);
      return;
    }
    // Entities on layer 0 inside a block take the layer of the INSERT that places them.
    const layer = e.layer === "0" && parentLayer !== null ? parentLayer : e.layer;
    const linetype =
      e.linetype === undefined ? layerLinetype(layer) : effectiveLinetype(model, e.linetype, layer, blockLinetype);
    if (e.type === "insert") {
      const block = model.blocks.get(e.block.toUpperCase());
      const annotation = isTableBlock(e.block) ? "table" : block && isDimension(e.block, block) ? "dimension" : null;
      if (annotation) {
        // One table or dimension, however many lines draw it; the viewer still shows them, greyed.
        ignore(annotation);
        if (out.nonCut && block) {
          const nonCut = out.nonCut;
          forEachCell(e, block.base, (cell) => {
            for (const b of block.entities) {
              const segments: Segment[] = [];
              emitEntity(b, composeAffine(m, cell), layer, segments);
              if (segments.length) nonCut.push({ reason: annotation, segments });
              nonCutSegments += segments.length;
            }
          });
        }
        return;
      }
      if (!block) ignore("missing_block");
      else forEachCell(e, block.base, (cell) => walk(block.entities, composeAffine(m, cell), layer, linetype));
      return;
    }
    const role = roleOf(layer);
    if (role === "bend") {
      out.bendLines++;
      skip("bend_line", e, m, layer);
    } else if (role === "non_cut") skip("layer", e, m, layer);
    // Centre, hidden and phantom lines are drawn dashed; a cut path never is.
    else if (isDashed(linetype)) skip("linetype", e, m, layer);
    else emitEntity(e, m, layer, out.segments);
    tooManySegments();
  };

  const walk = (
    entities: Iterable<DrawingEntity>,
    m: Affine,
    parentLayer: string | null,
    blockLinetype: string,
  ): void => {
    for (const e of entities) {
      // Model space (no parent INSERT) is charged as it is walked, each INSERT with its whole expansion before
      // anything is expanded; what a block holds is already in its INSERT's size.
      if (parentLayer === null) {
        drainCircles(m);
        exploded += e.type === "insert" ? sizeOf(e) : 1;
        if (exploded > MAX_EXPLODED_ENTITIES) throw tooManyEntities(e.type === "insert" ? e.block : null);
      }
      visit(e, m, parentLayer, blockLinetype);
    }
    if (parentLayer === null) drainCircles(m);
  };

  // Plain circles the reader kept as numbers since the last entity came before it: each is charged and judged
  // as visit would; the cut ones stay numbers (lone-circles.ts), any other goes through visit as an entity.
  const plain = model.circles ?? null;
  let drained = 0;
  // Holes mostly share one layer: whether it is cut is asked once per run of circles on it.
  let lastLayer: string | null = null;
  let lastCut = false;
  const drainCircles = (m: Affine) => {
    if (!plain || !out.circles) return;
    out.circles.reserve(plain.count - drained);
    for (; drained < plain.count; drained++) {
      if (++exploded > MAX_EXPLODED_ENTITIES) throw tooManyEntities(null);
      const layer = plain.layers.get(drained);
      const d = plain.data;
      const at = 4 * drained;
      if (layer !== lastLayer) {
        lastLayer = layer;
        lastCut = roleOf(layer) === "cut" && !isDashed(layerLinetype(layer));
      }
      if (lastCut && out.circles.add(m, d[at], d[at + 1], d[at + 2], d[at + 3], layer, out.segments.length))
        tooManySegments();
      else visit(plain.entity(drained), m, null, MODEL_SPACE_LINETYPE);
    }
  };
  walk(model.entities, scaling([unitScale, unitScale, unitScale]), null, MODEL_SPACE_LINETYPE);
  for (const s of out.segments) checkRange(s);
  if (out.circles) {
    const d = out.circles.data;
    for (let i = 0; i < out.circles.count; i++) {
      if (!within(d[5 * i], d[5 * i + 1], d[5 * i + 2])) throw outOfRange();
    }
  }
  return out;
}

function tooManyEntities(block: string | null): DomainError {
  return new DomainError(
    "drawing_too_complex",
    `The drawing expands to more than ${MAX_EXPLODED_ENTITIES.toLocaleString("en")} entities once its blocks are exploded${block === null ? "" : ` (block "${block}" is inserted too many times: nested or arrayed INSERTs)`}. Explode the blocks or simplify the drawing and upload it again.`,
    { details: { max_entities: MAX_EXPLODED_ENTITIES, ...(block === null ? {} : { block }) } },
  );
}

function checkRange(s: Segment): void {
  const inRange =
    s.kind === "arc"
      ? within(s.cx, s.cy, s.r)
      : s.kind === "line"
        ? within(s.a[0], s.a[1], 0) && within(s.b[0], s.b[1], 0)
        : within(s.points[0][0], s.points[0][1], 0);
  if (!inRange) throw outOfRange();
}

function outOfRange(): DomainError {
  return new DomainError(
    "unreadable_file",
    "The drawing has coordinates beyond 1,000 km; check the drawing units or re-export the file.",
  );
}

/** False for NaN too. */
function within(x: number, y: number, r: number): boolean {
  return Math.abs(x) + r < MAX_COORDINATE_MM && Math.abs(y) + r < MAX_COORDINATE_MM;
}

/** Block → WCS for each cell of a (possibly arrayed) INSERT, one at a time: an array is never materialised. */
function forEachCell(e: Insert, base: Vec3, visit: (cell: Affine) => void): void {
  const head = composeAffine(composeAffine(ocsToWcs(e.extrusion), translation(e.insertion)), rotationZ(e.rotation));
  const tail = composeAffine(scaling(e.scale), translation([-base[0], -base[1], -base[2]]));
  for (let row = 0; row < e.rows; row++) {
    for (let col = 0; col < e.columns; col++) {
      visit(composeAffine(composeAffine(head, translation([col * e.columnSpacing, row * e.rowSpacing, 0])), tail));
    }
  }
}

/** Most entities lie in the XY plane: skip the matrix product then. */
function withOcs(m: Affine, extrusion: Vec3): Affine {
  const ocs = ocsToWcs(extrusion);
  return ocs === IDENTITY ? m : composeAffine(m, ocs);
}

function project(m: Affine, p: Vec3): Point {
  const q = applyPoint(m, p);
  return [q[0], q[1]];
}

/** A direction (a spline's end tangent) through the transform: no translation. */
function vector(m: Affine, v: Vec3): Point {
  const a = applyPoint(m, v);
  const o = applyPoint(m, [0, 0, 0]);
  return [a[0] - o[0], a[1] - o[1]];
}

function emitEntity(e: DrawingEntity, m: Affine, layer: string, out: Segment[]): void {
  switch (e.type) {
    case "line":
      pushLine(project(m, e.start), project(m, e.end), layer, out);
      return;
    case "arc": {
      if (!(e.radius > 0)) return;
      const f = withOcs(m, e.extrusion);
      const sweep = e.full ? 2 * Math.PI : ccwSweep(e.start, e.end);
      pushCircularArc(f, e.center[0], e.center[1], e.center[2], e.radius, e.full ? 0 : e.start, sweep, layer, out);
      return;
    }
    case "ellipse": {
      const minor = cross(normalize(e.extrusion), e.major).map((v) => v * e.ratio) as Vec3;
      pushEllipticArc(m, e.center, e.major, minor, e.start, ccwSweep(e.start, e.end), layer, out);
      return;
    }
    case "polyline":
      emitPolyline(e, m, layer, out);
      return;
    case "spline":
      emitSpline(e, m, layer, out);
      return;
  }
}

function emitPolyline(e: Extract<DrawingEntity, { type: "polyline" }>, m: Affine, layer: string, out: Segment[]): void {
  const f = e.ocs ? withOcs(m, e.extrusion) : m;
  const vs = e.vertices;
  const count = e.closed ? vs.length : vs.length - 1;
  for (let k = 0; k < count; k++) {
    const p = vs[k];
    const q = vs[(k + 1) % vs.length];
    const dx = q.x - p.x;
    const dy = q.y - p.y;
    const d = Math.hypot(dx, dy);
    if (!e.ocs || Math.abs(p.bulge) < 1e-12 || d < 1e-12) {
      pushLine(project(f, [p.x, p.y, p.z]), project(f, [q.x, q.y, q.z]), layer, out);
      continue;
    }
    // Bulge = tan(θ/4), θ the signed included angle; the center sits h off the chord's midpoint, to the left for θ > 0.
    const theta = 4 * Math.atan(p.bulge);
    const h = d / 2 / Math.tan(theta / 2);
    const cx = (p.x + q.x) / 2 - (dy / d) * h;
    const cy = (p.y + q.y) / 2 + (dx / d) * h;
    const r = Math.hypot(p.x - cx, p.y - cy);
    pushCircularArc(f, cx, cy, p.z, r, Math.atan2(p.y - cy, p.x - cx), theta, layer, out);
  }
}

function emitSpline(e: Extract<DrawingEntity, { type: "spline" }>, m: Affine, layer: string, out: Segment[]): void {
  if (e.control.length === 0) {
    // Drawn by fit points (DWG stores only those and the end tangents): the cubic through them.
    const fit = e.fit.map((p) => project(m, p));
    const tangent = (t: Vec3 | null | undefined): Point | null => (t ? vector(m, t) : null);
    const curve = interpolateFitPoints(fit, tangent(e.startTangent), tangent(e.endTangent));
    const nurbs = curve && makeNurbs(3, curve.knots, curve.control, null);
    if (nurbs) {
      const flat = flattenCurve(nurbs.evaluate, nurbs.breaks);
      if (flat.length > 1e-9) out.push({ kind: "curve", ...flat, layer });
      return;
    }
    for (let k = 1; k < fit.length; k++) pushLine(fit[k - 1], fit[k], layer, out);
    return;
  }
  const nurbs = makeNurbs(
    e.degree,
    e.knots,
    e.control.map((p) => project(m, p)),
    e.weights,
  );
  if (!nurbs)
    throw new DomainError(
      "unreadable_file",
      "The drawing has a damaged spline (its knots do not match its control points).",
    );
  const curve = flattenCurve(nurbs.evaluate, nurbs.breaks);
  if (curve.length > 1e-9) out.push({ kind: "curve", ...curve, layer });
}
