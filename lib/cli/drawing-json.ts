import type { DrawingAnalysis, LaserContour } from "@/lib/laser";
import { JsonWriter } from "./write-json";

/** The text between a contour's points and its length, by closed flag and role: one piece instead of five. */
const middle = (closed: boolean) =>
  Object.fromEntries(
    (["outer", "hole", "open"] as const).map((role) => [role, `,"closed":${closed},"role":"${role}","length_mm":`]),
  ) as Record<LaserContour["role"], string>;
const CLOSED = middle(true);
const OPEN = middle(false);

/**
 * A drawing's analysis as JSON.stringify writes it (drawing-json.test.ts), with each
 * contour written field by field: a sheet has tens of thousands of contours of the
 * same five fields, and the generic object walk (keys, toJSON, type checks) cost
 * more than the coordinates themselves.
 */
export function writeDrawingJson(analysis: DrawingAnalysis, emit: (bytes: Uint8Array) => void): void {
  const w = new JsonWriter(emit);
  w.raw('{"kind":');
  w.string(analysis.kind);
  w.raw(',"format":');
  w.string(analysis.format);
  w.raw(',"geometry":');
  w.value(analysis.geometry);
  w.raw(',"contours":[');
  // The text after a contour's length, for the last layer seen: layers repeat from one contour to the next.
  let layer: string | undefined;
  let end = "}";
  analysis.contours.forEach((c, k) => {
    w.raw(k === 0 ? '{"points":' : ',{"points":');
    w.numbers(c.points);
    w.raw(c.closed ? CLOSED[c.role] : OPEN[c.role]);
    w.number(c.length_mm);
    if (c.layer !== layer) {
      layer = c.layer;
      end = layer === undefined ? "}" : `,"layer":${JSON.stringify(layer)}}`;
    }
    w.text(end);
  });
  w.raw("]}");
  w.flush();
}
