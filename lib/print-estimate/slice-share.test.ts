import { describe, expect, it } from "vitest";
import { DEFAULT_PRINT_PROFILE, slicePrint } from "./index";
import { joinSummaries } from "./print-summary";
import { slicePrintLayers } from "./slice";
import { triangleLayers } from "./slice-outlines";
import { classifyReach } from "./surfaces";
import { box, frustum, joined, torus } from "./test-meshes";

const P = DEFAULT_PRINT_PROFILE;

/** A plate, a torus on it (sloping walls, every layer different), a bridge over it and a cone on its tip. */
const part = () =>
  joined(box(-25, -25, 0, 25, 25, 1.6), torus(14, 5, 64, 32), box(-6, -22, 7, 6, 22, 8.4), frustum(0.5, 8, 6, 48));

describe("slicePrintLayers", () => {
  it("gives shares that join into slicePrint's summary, wherever the object is cut", () => {
    const mesh = part();
    const whole = slicePrint(mesh, P);
    const n = triangleLayers(mesh, P).layers;
    expect(whole.layerCount).toBe(n);
    // Cuts at the ends, next to them, and where a share is shorter than the classification's reach.
    for (const k of [1, 2, classifyReach(P), Math.floor(n / 3), Math.floor(n / 2), n - classifyReach(P), n - 1]) {
      const shares = [slicePrintLayers(mesh, P, { from: 0, to: k }), slicePrintLayers(mesh, P, { from: k, to: n })];
      expect(shares.map((s) => s.layerCount)).toEqual([k, n - k]);
      expect(joinSummaries(shares)).toEqual(whole);
    }
  });

  it("cuts in three as well, and an empty range gives no layers", () => {
    const mesh = part();
    const whole = slicePrint(mesh, P);
    const n = whole.layerCount;
    const cuts = [0, 11, 23, n];
    const shares = cuts.slice(1).map((to, k) => slicePrintLayers(mesh, P, { from: cuts[k], to }));
    expect(joinSummaries(shares)).toEqual(whole);
    expect(slicePrintLayers(mesh, P, { from: 5, to: 5 }).layerCount).toBe(0);
  });
});
