import { describe, expect, it } from "vitest";
import { interpolateFitPoints } from "./interpolate-spline";
import { makeNurbs } from "./nurbs";
import { flattenCurve } from "./flatten-curve";
import type { Point } from "./segments";
import { analyzeDrawing } from "@/lib/laser";

function curveOf(fit: Point[], start?: Point, end?: Point) {
  const spline = interpolateFitPoints(fit, start, end)!;
  const nurbs = makeNurbs(3, spline.knots, spline.control, null)!;
  return { nurbs, flat: flattenCurve(nurbs.evaluate, nurbs.breaks) };
}

const arc = (r: number, from: number, to: number, count: number): Point[] =>
  Array.from({ length: count }, (_, k) => {
    const a = from + ((to - from) * k) / (count - 1);
    return [r * Math.cos(a), r * Math.sin(a)];
  });

describe("interpolateFitPoints", () => {
  it("passes through every fit point", () => {
    const fit: Point[] = [
      [0, 0],
      [10, 5],
      [25, -3],
      [40, 8],
      [55, 0],
    ];
    const { nurbs } = curveOf(fit);
    // The curve's pieces meet at the fit points (chord-length parameters are its knots).
    expect(nurbs.breaks).toHaveLength(fit.length);
    nurbs.breaks.forEach((t, k) => {
      const p = nurbs.evaluate(t);
      expect(Math.hypot(p[0] - fit[k][0], p[1] - fit[k][1])).toBeLessThan(1e-9);
    });
  });

  it("a quarter circle of radius 50 from 7 fit points and its end tangents is πr/2 long within 0.01 %", () => {
    const fit = arc(50, 0, Math.PI / 2, 7);
    const { flat } = curveOf(fit, [0, 1], [-1, 0]);
    expect(Math.abs(flat.length / (25 * Math.PI) - 1)).toBeLessThan(1e-4);
  });

  it("without tangents (natural ends) a half circle from 9 fit points is πr within 0.1 %, where the polyline is 0.6 % short", () => {
    const fit = arc(30, 0, Math.PI, 9);
    const { flat } = curveOf(fit);
    expect(Math.abs(flat.length / (30 * Math.PI) - 1)).toBeLessThan(1e-3);
    const chords = fit.slice(1).reduce((sum, p, k) => sum + Math.hypot(p[0] - fit[k][0], p[1] - fit[k][1]), 0);
    expect(1 - chords / (30 * Math.PI)).toBeGreaterThan(0.006);
  });

  it("without tangents the ends are natural: AutoCAD's own control points for a fit-point spline", () => {
    // LibreDWG's 2000/TS1.dxf: a spline AutoCAD drew through five fit points with no end tangents, saved with the
    // control points AutoCAD computed (codes 10/20); its DWG twin keeps only the fit points (values to 1e-4 mm).
    const fit: Point[] = [
      [25.62621049725817, 12.371899998216037],
      [25.62621049725817, 15.76702556299918],
      [28.758083094860524, 13.344462018234452],
      [29.625098583818954, 16.527392278018226],
      [31.659323459940836, 14.493167401896343],
    ];
    const autocad: Point[] = [
      [25.6262, 12.3719],
      [25.3489, 14.1268],
      [24.748, 17.9284],
      [29.5336, 10.7264],
      [29.0548, 18.2552],
      [30.8316, 15.6887],
      [31.6593, 14.4932],
    ];
    const { control } = interpolateFitPoints(fit)!;
    expect(control).toHaveLength(autocad.length);
    control.forEach((p, k) => expect(Math.hypot(p[0] - autocad[k][0], p[1] - autocad[k][1])).toBeLessThan(1e-4));
    // A zero tangent, as DWG stores "none", is the same as none.
    expect(interpolateFitPoints(fit, [0, 0], [0, 0])!.control).toEqual(control);
  });

  it("two fit points make the straight line between them; one point makes nothing", () => {
    expect(
      curveOf([
        [0, 0],
        [30, 40],
      ]).flat.length,
    ).toBeCloseTo(50, 9);
    expect(
      interpolateFitPoints([
        [1, 1],
        [1, 1],
      ]),
    ).toBeNull();
  });

  it("a DXF spline stored by fit points only is cut along the curve, not its chords", async () => {
    const fit = arc(40, 0, Math.PI, 9);
    const pairs = [
      "0",
      "SECTION",
      "2",
      "ENTITIES",
      "0",
      "SPLINE",
      "8",
      "0",
      "70",
      "8",
      "71",
      "3",
      "72",
      "0",
      "73",
      "0",
      "74",
      String(fit.length),
    ];
    for (const [x, y] of fit) pairs.push("11", String(x), "21", String(y), "31", "0");
    pairs.push("0", "ENDSEC", "0", "EOF");
    const result = await analyzeDrawing(new TextEncoder().encode(pairs.join("\n") + "\n"), "fit.dxf");
    expect(Math.abs(result.geometry.cut_length_mm / (40 * Math.PI) - 1)).toBeLessThan(1e-3);
  });
});
