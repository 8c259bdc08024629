import type { Segment } from "./geometry/segments";
import type { ExplodedDrawing } from "./explode-entities";
import { type CutCircles, mergeCircles } from "./lone-circles";
import { type DedupeResult, dedupeSegments } from "./dedupe-segments";
import { separateStrayGeometry, STRAY_EXTENT_MM, type StrayGeometry, widestExtent } from "./stray-geometry";
import { isolatedCircles } from "./circle-contours";

/** The cut segments measureDrawing works on, deduplicated and without stray geometry. */
export interface CutSegments {
  segments: Segment[];
  /**
   * Lone circles kept as numbers, counted as segments `segments.length + i` (after every segment, where the
   * deduplication puts arcs); null when they were merged into `segments`.
   */
  circles: CutCircles | null;
  /** Per segment (then per circle of `circles`): a full circle no other segment end comes near. */
  isolated: Uint8Array;
  dedupe: DedupeResult;
  stray: StrayGeometry | null;
}

/**
 * Deduplicates the exploded segments, leaves stray geometry out and flags the lone circles. The circles the reader
 * kept as numbers stay numbers when that gives exactly what the general path gives for the same segments with the
 * circles merged back in their places: no other arc (the deduplication emits arcs last, in drawing order, so the
 * circles are then its last segments, in their order), no two circles with one deduplication key, an extent
 * without stray geometry, and every circle lone. Otherwise they are merged back and everything takes the general
 * path. A sheet of holes in a polyline or line outline stays on numbers; drawings with arcs take the general path.
 */
export function cutSegments(exploded: ExplodedDrawing, tol: number): CutSegments {
  const circles = exploded.circles;
  if (circles && circles.count > 0) {
    const fast = numericCircles(exploded.segments, circles, tol);
    if (fast) return fast;
  }
  const all = circles && circles.count > 0 ? mergeCircles(exploded.segments, circles) : exploded.segments;
  const dedupe = dedupeSegments(all, tol);
  const { kept, stray } = separateStrayGeometry(dedupe.segments);
  return { segments: kept, circles: null, isolated: isolatedCircles(kept, tol), dedupe, stray };
}

function numericCircles(segments: Segment[], circles: CutCircles, tol: number): CutSegments | null {
  for (const s of segments) if (s.kind === "arc") return null;
  if (sharedArcKey(circles, tol)) return null;
  const dedupe = dedupeSegments(segments, tol);
  // separateStrayGeometry keeps everything below this extent (and with fewer than two segments).
  if (dedupe.segments.length + circles.count >= 2 && !(widestExtent(dedupe.segments, circles) <= STRAY_EXTENT_MM))
    return null;
  const isolated = isolatedCircles(dedupe.segments, tol, circles);
  for (let k = dedupe.segments.length; k < isolated.length; k++) if (!isolated[k]) return null;
  return { segments: dedupe.segments, circles, isolated, dedupe, stray: null };
}

/**
 * Whether two circles share the key dedupeSegments groups arcs by (centre and radius rounded at the tolerance):
 * they would be one group to split. An open-addressing table of the keys, as dedupeSegments' own, in typed arrays.
 */
function sharedArcKey(circles: CutCircles, tol: number): boolean {
  let size = 16;
  while (size < 2 * circles.count) size *= 2;
  const mask = size - 1;
  const slots = new Int32Array(size);
  const keys = new Float64Array(3 * circles.count);
  const d = circles.data;
  for (let i = 0; i < circles.count; i++) {
    const a = Math.round(d[5 * i] / tol);
    const b = Math.round(d[5 * i + 1] / tol);
    const c = Math.round(d[5 * i + 2] / tol);
    let h = Math.imul(a | 0, 0x9e3779b1) ^ Math.imul(b | 0, 0x85ebca77) ^ Math.imul(c | 0, 0xc2b2ae3d);
    h = (h ^ (h >>> 16)) & mask;
    for (let id = slots[h] - 1; id >= 0; h = (h + 1) & mask, id = slots[h] - 1) {
      if (sameKey(keys[3 * id], a) && sameKey(keys[3 * id + 1], b) && sameKey(keys[3 * id + 2], c)) return true;
    }
    slots[h] = i + 1;
    keys[3 * i] = a;
    keys[3 * i + 1] = b;
    keys[3 * i + 2] = c;
  }
  return false;
}

/** Equal as dedupeSegments' keys are: NaN matches NaN and −0 matches 0. */
function sameKey(x: number, y: number): boolean {
  return x === y || (x !== x && y !== y);
}
