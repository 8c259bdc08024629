import { describe, expect, it } from "vitest";
import type { DisplayDrawing } from "@/lib/viewer/build-display-drawing";
import { buildDrawingGeometry } from "./drawing-object";

/** A 100 × 50 plate, a 10 × 10 square hole, an open 3-point polyline and a dimension line on an ignored layer. */
const DRAWING: DisplayDrawing = {
  kind: "drawing",
  bbox: { min: [0, -10], max: [100, 50] },
  layers: ["0", "DIM"],
  contours: [
    { role: "outer", closed: true, ignored: false, layer: "0", points: [0, 0, 100, 0, 100, 50, 0, 50] },
    { role: "hole", closed: true, ignored: false, layer: "0", points: [20, 20, 30, 20, 30, 30, 20, 30] },
    { role: "open", closed: false, ignored: false, layer: "0", points: [40, 10, 60, 10, 60, 40] },
    { role: "open", closed: false, ignored: true, layer: "DIM", points: [0, -10, 100, -10] },
  ],
};

const vertices = (g: { getAttribute: (n: string) => { count: number } }) => g.getAttribute("position").count;

describe("buildDrawingGeometry", () => {
  const { layers, points, box } = buildDrawingGeometry(DRAWING);

  it("draws a closed contour of n points as n segments and an open one as n − 1", () => {
    // Two vertices per segment.
    expect(vertices(layers.outer)).toBe(4 * 2);
    expect(vertices(layers.hole)).toBe(4 * 2);
    expect(vertices(layers.open)).toBe(2 * 2);
  });

  it("puts lines the quote ignores on their own layer, whatever their role", () => {
    expect(vertices(layers.ignored)).toBe(1 * 2);
  });

  it("keeps every contour point for snapping, and frames all layers", () => {
    expect(points.length / 2).toBe(4 + 4 + 3 + 2);
    expect([box.min.x, box.min.y, box.max.x, box.max.y]).toEqual([0, -10, 100, 50]);
  });
});
