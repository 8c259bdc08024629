import { Clipper, FillRule, type Paths64 } from "clipper2-ts";
import { describe, expect, it } from "vitest";
import { disjointApart, insideApart } from "./contain";
import { circle, square } from "./test-meshes";

const empty = (a: Paths64, b: Paths64) => Clipper.areaPaths(Clipper.difference(a, b, FillRule.NonZero)) === 0;

describe("insideApart", () => {
  it("proves nested outlines with a gap", () => {
    const ring = [circle(0, 0, 50_000, 800), circle(0, 0, 20_000, 300, true)];
    const thinner = [circle(0, 0, 49_990, 777), circle(0, 0, 20_010, 311, true)];
    expect(insideApart(thinner, ring)).toBe(true);
    expect(insideApart(ring, thinner)).toBe(false);
    expect(insideApart([square(-1000, -1000, 1000, 1000)], [square(-2000, -2000, 2000, 2000)])).toBe(true);
  });

  it("leaves touching, crossing and hole-covering cases to Clipper", () => {
    const outer = [square(0, 0, 10_000, 10_000)];
    expect(insideApart([square(0, 1000, 5000, 5000)], outer)).toBe(false); // shares an edge line
    expect(insideApart([square(1000, 1000, 11_000, 5000)], outer)).toBe(false); // crosses
    const plate = [square(0, 0, 10_000, 10_000), square(4000, 4000, 6000, 6000).reverse()];
    expect(insideApart([square(3000, 3000, 7000, 7000)], plate)).toBe(false); // covers the hole
    expect(insideApart([square(1000, 1000, 3000, 3000)], plate)).toBe(true);
    expect(insideApart([square(1000, 1000, 3000, 3000), square(20_000, 0, 21_000, 1000)], plate)).toBe(false);
  });

  it("never claims what Clipper's difference denies", () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 300; n++) {
      const a = [circle(rand() * 2000, rand() * 2000, 3000 + rand() * 4000, 5 + Math.floor(rand() * 60))];
      const b = Clipper.union(
        [circle(rand() * 2000, rand() * 2000, 4000 + rand() * 4000, 5 + Math.floor(rand() * 60))],
        FillRule.NonZero,
      );
      if (insideApart(a, b)) expect(empty(a, b)).toBe(true);
    }
  });
});

describe("disjointApart", () => {
  const ring = [circle(0, 0, 50_000, 800), circle(0, 0, 20_000, 300, true)];
  const meets = (a: Paths64, b: Paths64) => Clipper.areaPaths(Clipper.intersect(a, b, FillRule.NonZero)) !== 0;
  it("proves a disk in a ring's hole apart from the ring", () => {
    const disk = [circle(0, 0, 10_000, 200)];
    expect(disjointApart(ring, disk)).toBe(true);
    expect(disjointApart(disk, ring)).toBe(true);
    expect(meets(ring, disk)).toBe(false);
  });
  it("refuses regions that overlap, touch or nest", () => {
    expect(disjointApart(ring, [circle(0, 0, 30_000, 200)])).toBe(false);
    expect(disjointApart(ring, [circle(0, 0, 60_000, 200)])).toBe(false);
    expect(disjointApart(ring, [circle(35_000, 0, 5_000, 100)])).toBe(false);
    expect(disjointApart([square(0, 0, 10, 10)], [square(10, 0, 20, 10)])).toBe(false);
  });
  it("accepts regions with apart bounding boxes", () => {
    expect(disjointApart([square(0, 0, 10, 10)], [square(11, 0, 20, 10)])).toBe(true);
  });
});
