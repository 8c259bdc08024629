import { describe, expect, it } from "vitest";
import { findAnnotations, type OpenContour } from "./annotation-geometry";
import type { Point } from "./geometry/segments";

/** A 100 × 100 square outline with a 20 × 20 square hole in its middle, as measure.ts hands them over. */
const outline: Point[] = [
  [0, 0],
  [100, 0],
  [100, 100],
  [0, 100],
];
const hole: Point[] = [
  [40, 40],
  [60, 40],
  [60, 60],
  [40, 60],
];
const closed = {
  count: 2,
  boxes: Float64Array.from([0, 0, 100, 100, 40, 40, 60, 60]),
  rings: (k: number) => [k === 0 ? outline : hole],
};
const depths = Int32Array.from([0, 1]);
const line = (a: Point, b: Point): OpenContour => ({
  rings: [[a, b]],
  box: {
    minX: Math.min(a[0], b[0]),
    minY: Math.min(a[1], b[1]),
    maxX: Math.max(a[0], b[0]),
    maxY: Math.max(a[1], b[1]),
  },
});

describe("findAnnotations", () => {
  it("a mark inside the hole is annotation; a line in the material, one crossing the hole's edge or one away are not", () => {
    const open = [
      line([45, 50], [55, 50]), // inside the hole
      line([10, 10], [20, 10]), // in the material
      line([50, 50], [70, 50]), // from the hole into the material
      line([200, 0], [250, 0]), // away from the part
    ];
    expect([...findAnnotations(closed, depths, open)]).toEqual([1, 0, 0, 0]);
  });

  it("past its work budget the rest is left as cut", () => {
    const open = [line([45, 50], [55, 50]), line([50, 45], [50, 55])];
    // Each mark compares its 2 points with the 4 + 4 ring points near it: 16 edge pairs.
    expect([...findAnnotations(closed, depths, open, 16)]).toEqual([1, 0]);
    expect([...findAnnotations(closed, depths, open, 15)]).toEqual([0, 0]);
  });
});
