import { Clipper, Clipper64, ClipType, EndType, FillRule, JoinType, type Path64, type Paths64 } from "clipper2-ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { offsetPolygons } from "./offset";
import { circle, square } from "./test-meshes";
import { unionOfApartLoops } from "./union-free";

// The reference: Clipper's own offset, and its union with ClipperOffset's settings.
const inflate = (paths: Paths64, delta: number) =>
  Clipper.inflatePaths(paths, delta, JoinType.Miter, EndType.Polygon, 3);
function clipperUnion(paths: Paths64, reversed: boolean): Paths64 {
  const clipper = new Clipper64();
  clipper.preserveCollinear = false;
  clipper.reverseSolution = reversed;
  clipper.addSubject(paths);
  const out: Paths64 = [];
  clipper.execute(ClipType.Union, reversed ? FillRule.Negative : FillRule.Positive, out);
  return out;
}
const points = (paths: Paths64) => paths.map((path) => path.map((p) => [p.x, p.y]));
const pointSet = (paths: Paths64) =>
  paths
    .flat()
    .map((p) => `${p.x},${p.y}`)
    .sort();
const reverse = (paths: Paths64) => paths.map((path) => path.slice().reverse());

/** Our offset, and how many Clipper executions it took (0: the union was skipped). */
function offsetCounted(paths: Paths64, delta: number): { offset: Paths64; executions: number } {
  const spy = vi.spyOn(Clipper64.prototype, "execute");
  const offset = offsetPolygons(paths, delta, 3);
  return { offset, executions: spy.mock.calls.length };
}
afterEach(() => vi.restoreAllMocks());

describe("offsets that skip the cleaning union", () => {
  const smooth: Record<string, Paths64> = {
    circle: [circle(0, 0, 10_000, 512)],
    annulus: [circle(0, 0, 40_000, 900), circle(0, 0, 30_000, 700, true)],
    "disc with holes": [
      circle(0, 0, 25_000, 800),
      circle(-8_000, 0, 5_000, 300, true),
      circle(9_000, 0, 4_000, 200, true),
    ],
    "island in a hole": [circle(0, 0, 40_000, 900), circle(0, 0, 30_000, 700, true), circle(0, 0, 10_000, 400)],
  };
  for (const [name, paths] of Object.entries(smooth)) {
    it(`gives Clipper's offset of a smooth ${name}, either orientation, mostly with no Clipper run`, () => {
      for (const input of [paths, reverse(paths)])
        for (const delta of [-225, -645, -1200, 225, 1500]) {
          const { offset, executions } = offsetCounted(input, delta);
          const theirs = inflate(input, delta);
          // At these the raw offsets are clean; at others rounding leaves a few-µm zigzag on some.
          if ([-225, -1200, 225].includes(delta)) expect(executions, `${name} ${delta}`).toBe(0);
          // Clipper's union of the same raw offset: the same paths, points, order and first points.
          expect(points(offset), `${name} ${delta}`).toEqual(points(clipperUnion(offset, input !== paths)));
          // Clipper.inflatePaths: where every join is convex (a disc grown), the very same points;
          // elsewhere offset.ts puts concave corners within rounding of Clipper's (offset.test.ts).
          if (name === "circle" && delta > 0) expect(pointSet(offset)).toEqual(pointSet(theirs));
          expect(offset.length).toBe(theirs.length);
          expect(Math.abs(Clipper.areaPaths(offset) - Clipper.areaPaths(theirs))).toBeLessThanOrEqual(
            2e-4 * Math.abs(Clipper.areaPaths(theirs)) + 2e4,
          );
        }
    });
  }
});

describe("offsets left to Clipper's union", () => {
  const cases: Record<string, [Paths64, number]> = {
    "two discs growing into each other": [[circle(0, 0, 5_000, 300), circle(10_400, 0, 5_000, 300)], 400],
    "a thin neck shrunk past its width": [
      Clipper.union(
        [circle(0, 0, 8_000, 400), circle(30_000, 0, 8_000, 400), square(0, -600, 30_000, 600)],
        FillRule.NonZero,
      ),
      -700,
    ],
    "a disc shrinking past nothing": [[circle(0, 0, 2_000, 200)], -2_500],
    "a hole growing outside its island": [[circle(0, 0, 20_000, 600), circle(0, 0, 18_000, 600, true)], -1_500],
    "an island swallowed by its growing hole": [
      [circle(0, 0, 40_000, 900), circle(0, 0, 30_000, 700, true), circle(0, 0, 1_000, 100)],
      -1_200,
    ],
    "squares touching at a corner": [[square(0, 0, 10_000, 10_000), square(10_000, 10_000, 20_000, 20_000)], 300],
    "squares sharing part of an edge": [[square(0, 0, 10_000, 10_000), square(10_000, 5_000, 20_000, 15_000)], -300],
  };
  for (const [name, [paths, delta]] of Object.entries(cases)) {
    it(`matches Clipper's offset for ${name}`, () => {
      for (const input of [paths, reverse(paths)]) {
        const { offset, executions } = offsetCounted(input, delta);
        const theirs = inflate(input, delta);
        expect(executions, name).toBeGreaterThan(0);
        expect(offset.length, name).toBe(theirs.length);
        expect(Math.abs(Clipper.areaPaths(offset) - Clipper.areaPaths(theirs)), name).toBeLessThanOrEqual(
          2e-4 * Math.abs(Clipper.areaPaths(theirs)) + 2e4,
        );
      }
    });
  }
});

describe("unionOfApartLoops", () => {
  const proven = (raw: Paths64, reversed = false) => unionOfApartLoops(raw, raw, reversed);
  const octagon = (x: number, y: number): Path64 =>
    [
      [2, 0],
      [4, 0],
      [6, 2],
      [6, 4],
      [4, 6],
      [2, 6],
      [0, 4],
      [0, 2],
    ].map(([u, v]) => ({ x: x + 1_000 * u, y: y + 1_000 * v }));

  it("returns Clipper's union of loops apart, collinear points dropped, in Clipper's order and starts", () => {
    const withCollinear: Path64 = [{ x: 0, y: 0 }, { x: 5_000, y: 0 }, ...square(0, 0, 10_000, 10_000).slice(1)];
    const cases: Paths64[] = [
      [withCollinear],
      [octagon(0, 0), octagon(20_000, -3_000), octagon(40_000, 0)], // tied bottoms and horizontal tops
      [square(-50_000, -50_000, 50_000, 50_000), reverse([octagon(0, 0)])[0], reverse([octagon(-20_000, 0)])[0]],
    ];
    for (const raw of cases)
      for (const reversed of [false, true]) {
        const input = reversed ? reverse(raw) : raw;
        const ours = proven(input, reversed);
        expect(ours).toBeDefined();
        expect(points(ours!)).toEqual(points(clipperUnion(input, reversed)));
      }
  });

  it("keeps collinear points when asked, as Clipper.union (preserveCollinear) does", () => {
    // The collinear point on a side: a top edge of three points is left to Clipper.
    const [a, b, c, d] = square(0, 0, 10_000, 10_000);
    const withCollinear: Path64 = [a, b, { x: 10_000, y: 5_000 }, c, d];
    const raw = [square(-50_000, -50_000, 50_000, 50_000), withCollinear.slice().reverse(), octagon(2_000, 2_000)];
    const ours = unionOfApartLoops(raw, raw, false, true);
    expect(ours).toBeDefined();
    expect(points(ours!)).toEqual(points(Clipper.union(raw, FillRule.NonZero)));
    expect(pointSet(ours!)).toContain("10000,5000");
  });

  it("refuses loops that touch, overlap, cross or nest wrongly (mostly where Clipper's union changes them)", () => {
    const cases: Record<string, Paths64> = {
      "touching vertices": [square(0, 0, 10_000, 10_000), square(10_000, 10_000, 20_000, 20_000)],
      "a vertex on an edge": [
        square(0, 0, 10_000, 10_000),
        [
          { x: 10_000, y: 5_000 },
          { x: 20_000, y: 0 },
          { x: 20_000, y: 9_000 },
          { x: 15_000, y: 8_000 },
        ],
      ],
      "collinear overlapping edges": [square(0, 0, 10_000, 10_000), square(10_000, 5_000, 20_000, 15_000)],
      "crossing loops": [square(0, 0, 10_000, 10_000), square(5_000, 5_000, 15_000, 15_000)],
      "a loop crossing itself": [
        [
          { x: 0, y: 0 },
          { x: 10_000, y: 10_000 },
          { x: 10_000, y: 0 },
          { x: 0, y: 10_000 },
        ],
      ],
      "an outer inside an outer": [square(0, 0, 10_000, 10_000), square(2_000, 2_000, 8_000, 8_000)],
      "a hole with no outer": [reverse([square(0, 0, 10_000, 10_000)])[0]],
    };
    for (const [name, raw] of Object.entries(cases)) {
      expect(proven(raw), name).toBeUndefined();
      if (name === "touching vertices" || name === "a vertex on an edge") continue; // refused to be safe
      const union = clipperUnion(raw, false);
      expect(pointSet(union).join(";") === pointSet(raw).join(";") && union.length === raw.length, name).toBe(false);
    }
  });

  it("refuses segments closer than Clipper's rounding can keep apart", () => {
    // From a 512-gon of radius 10 mm offset by -645 µm: a 3 µm step back, which Clipper's union cuts.
    const zigzag = [
      { x: -9_254, y: -1_372 },
      { x: -9_236, y: -1_487 },
      { x: -9_217, y: -1_604 },
      { x: -9_217, y: -1_601 },
      { x: -9_175, y: -1_825 },
      { x: -9_154, y: -1_929 },
      { x: 0, y: 0 },
    ];
    expect(proven([zigzag])).toBeUndefined();
    expect(pointSet(clipperUnion([zigzag], false))).not.toEqual(pointSet([zigzag]));
    const notch = [
      { x: 0, y: 0 },
      { x: 10_000, y: 0 },
      { x: 10_000, y: 10_000 },
      { x: 5_001, y: 10_000 },
    ];
    notch.push({ x: 5_000, y: 5_000 }, { x: 4_999, y: 10_000 }, { x: 0, y: 10_000 });
    expect(proven([notch])).toBeUndefined();
    const wider = notch.map((p) =>
      p.y === 10_000 && p.x > 0 && p.x < 10_000 ? { x: p.x + (p.x > 5_000 ? 5 : -5), y: p.y } : p,
    );
    expect(points(proven([wider])!)).toEqual(points(clipperUnion([wider], false)));
  });

  it("refuses a loop whose orientation differs from its source's", () => {
    const loop = square(0, 0, 10_000, 10_000);
    expect(unionOfApartLoops([loop], [loop.slice().reverse()], false)).toBeUndefined();
  });
});
