import { describe, expect, it } from "vitest";
import { dedupeSegments } from "./dedupe-segments";
import type { Segment } from "./geometry/segments";

const TOL = 1e-3;
const line = (a: [number, number], b: [number, number]): Segment => ({ kind: "line", a, b, layer: "0" });
const length = (segments: Segment[]) =>
  segments.reduce((sum, s) => sum + (s.kind === "line" ? Math.hypot(s.b[0] - s.a[0], s.b[1] - s.a[1]) : 0), 0);

/** A deterministic pseudo-random stream, so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

describe("dedupeSegments: lines", () => {
  it("merges slanted copies a hair apart in any direction, wherever their direction or offset rounds", () => {
    const next = random(7);
    const input: Segment[] = [];
    let originals = 0;
    for (let i = 0; i < 2000; i++) {
      const angle = next() * 2 * Math.PI;
      const [ux, uy] = [Math.cos(angle), Math.sin(angle)];
      const a: [number, number] = [next() * 400 - 200, next() * 400 - 200];
      const len = 5 + next() * 200;
      const b: [number, number] = [a[0] + ux * len, a[1] + uy * len];
      // The copy: 1e-6 mm to the side, its ends jittered by 1e-7, drawn either way round.
      const side = 1e-6 * (next() < 0.5 ? 1 : -1);
      const jitter = () => (next() - 0.5) * 2e-7;
      const a2: [number, number] = [a[0] - uy * side + jitter(), a[1] + ux * side + jitter()];
      const b2: [number, number] = [b[0] - uy * side + jitter(), b[1] + ux * side + jitter()];
      input.push(line(a, b), next() < 0.5 ? line(a2, b2) : line(b2, a2));
      originals += len;
    }
    const result = dedupeSegments(input, TOL);
    expect(result.duplicates).toBe(2000);
    expect(result.duplicateLengthMm).toBeCloseTo(originals, 3);
    expect(length(result.segments)).toBeCloseTo(originals, 3);
  });

  it("merges a horizontal line with a copy whose direction rounds to π rather than 0", () => {
    const result = dedupeSegments([line([0, 5], [100, 5]), line([100, 5 + 1e-6], [0, 5 - 1e-6])], TOL);
    expect([result.duplicates, result.segments.length]).toEqual([1, 1]);
    expect(result.duplicateLengthMm).toBeCloseTo(100, 6);
  });

  it("keeps parallel lines further apart than the tolerance, and lines that only touch end to end", () => {
    const parallel = dedupeSegments([line([0, 0], [50, 50]), line([0, 0.01], [50, 50.01])], TOL);
    expect([parallel.duplicates, parallel.segments.length]).toEqual([0, 2]);
    const chained = dedupeSegments([line([0, 0], [30, 40]), line([30, 40], [60, 80])], TOL);
    expect([chained.duplicates, length(chained.segments)]).toEqual([0, 100]);
  });

  it("counts a partial overlap once: 0–60 and 40–100 on one slanted line cut 100", () => {
    const u = [0.6, 0.8];
    const at = (t: number): [number, number] => [10 + u[0] * t, 20 + u[1] * t];
    const result = dedupeSegments([line(at(0), at(60)), line(at(100), at(40))], TOL);
    expect(length(result.segments)).toBeCloseTo(100, 9);
    expect(result.duplicateLengthMm).toBeCloseTo(20, 9);
  });
});
