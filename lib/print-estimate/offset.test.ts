import { Clipper, EndType, FillRule, JoinType, type Paths64 } from "clipper2-ts";
import { describe, expect, it } from "vitest";
import { offsetPolygons } from "./offset";
import { circle, square } from "./test-meshes";

const clipper = (paths: Paths64, delta: number) =>
  Clipper.inflatePaths(paths, delta, JoinType.Miter, EndType.Polygon, 3);
const area = (paths: Paths64) => Clipper.areaPaths(paths);

describe("offsetPolygons", () => {
  const shapes: Record<string, Paths64> = {
    "fine circle": [circle(0, 0, 10_000, 512)],
    "plate with a hole": [square(-20_000, -20_000, 20_000, 20_000), circle(0, 0, 5_000, 300, true)],
    ring: [circle(0, 0, 40_000, 900), circle(0, 0, 39_000, 900, true)],
    "two close discs": Clipper.union([circle(0, 0, 5_000, 400), circle(10_400, 0, 5_000, 400)], FillRule.NonZero),
    star: [
      Array.from({ length: 20 }, (_, i) => {
        const r = i % 2 ? 3_000 : 9_000,
          a = (Math.PI * i) / 10;
        return { x: Math.round(r * Math.cos(a)), y: Math.round(r * Math.sin(a)) };
      }),
    ],
  };
  for (const [name, paths] of Object.entries(shapes)) {
    it(`matches Clipper's offset of a ${name}`, () => {
      for (const delta of [-225, -645, -1200, -6000, 225, 1500]) {
        const ours = offsetPolygons(paths, delta, 3),
          theirs = clipper(paths, delta);
        expect(ours.length, `${name} ${delta}`).toBe(theirs.length);
        expect(Math.abs(area(ours) - area(theirs)), `${name} ${delta}`).toBeLessThanOrEqual(
          2e-4 * Math.abs(area(theirs)) + 2e4,
        );
      }
    });
  }
});
