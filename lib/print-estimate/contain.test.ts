import { Clipper, FillRule, type Path64, type Paths64, type Point64 } from "clipper2-ts";
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

describe("boundary contact", () => {
  /** Whether closed segments pq and rs share a point, by orientations (every pair: the reference). */
  const segmentsMeet = (p: Point64, q: Point64, r: Point64, s: Point64) => {
    const orient = (a: Point64, b: Point64, c: Point64) =>
      Math.sign((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
    const onSegment = (a: Point64, b: Point64, c: Point64) =>
      Math.min(a.x, b.x) <= c.x && c.x <= Math.max(a.x, b.x) && Math.min(a.y, b.y) <= c.y && c.y <= Math.max(a.y, b.y);
    const [o1, o2, o3, o4] = [orient(p, q, r), orient(p, q, s), orient(r, s, p), orient(r, s, q)];
    if (o1 * o2 < 0 && o3 * o4 < 0) return true;
    return (
      (o1 === 0 && onSegment(p, q, r)) ||
      (o2 === 0 && onSegment(p, q, s)) ||
      (o3 === 0 && onSegment(r, s, p)) ||
      (o4 === 0 && onSegment(r, s, q))
    );
  };
  const boundariesMeet = (a: Paths64, b: Paths64) =>
    a.some((p) =>
      p.some((_, i) => b.some((q) => q.some((_, k) => segmentsMeet(p.at(i - 1)!, p[i], q.at(k - 1)!, q[k])))),
    );

  it("refuses regions that touch along the lowest or highest line of the other", () => {
    const a = [square(0, 0, 10_000, 10_000)];
    for (const b of [square(2000, 10_000, 8000, 20_000), square(2000, -10_000, 8000, 0)]) {
      expect(boundariesMeet(a, [b])).toBe(true);
      expect(disjointApart(a, [b])).toBe(false);
      expect(disjointApart([b], a)).toBe(false);
    }
    // A hole whose lowest edge lies on the island's: touching, so not proven.
    const plate = [square(0, 0, 10_000, 10_000), square(2000, 2000, 8000, 8000).reverse()];
    expect(insideApart([square(3000, 6000, 5000, 8000)], [square(-1, -1, 10_001, 10_001)])).toBe(true);
    expect(disjointApart(plate, [square(3000, 6000, 5000, 8000)])).toBe(false);
  });

  it("agrees with every-pair tests and Clipper on outlines snapped to a coarse grid", () => {
    let seed = 11;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    // Vertices on a 500 µm grid: shared vertices, collinear and touching edges are common.
    const snap = (path: Path64) =>
      path.map((p) => ({ x: Math.round(p.x / 500) * 500, y: Math.round(p.y / 500) * 500 }));
    const region = (r: number) =>
      Clipper.union([snap(circle(rand() * 4000, rand() * 4000, r, 4 + Math.floor(rand() * 40)))], FillRule.NonZero);
    let proven = 0,
      touching = 0;
    for (let n = 0; n < 400; n++) {
      const a = region(2000 + rand() * 4000),
        b = region(3000 + rand() * 5000);
      if (a.length === 0 || b.length === 0) continue;
      const meet = boundariesMeet(a, b);
      const inside = insideApart(a, b),
        disjoint = disjointApart(a, b);
      if (meet) {
        touching++;
        expect(inside).toBe(false);
        expect(disjoint).toBe(false);
        continue;
      }
      // Boundaries apart: Clipper's difference and intersection decide (few paths: no cost cut-off).
      expect(inside).toBe(Clipper.difference(a, b, FillRule.NonZero).length === 0);
      expect(disjoint).toBe(Clipper.intersect(a, b, FillRule.NonZero).length === 0);
      if (inside || disjoint) proven++;
    }
    expect(touching).toBeGreaterThan(20);
    expect(proven).toBeGreaterThan(20);
  });
});
