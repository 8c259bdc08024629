import { describe, expect, it } from "vitest";
import { Float32BitsWelder, weldFloat64Positions } from "./weld";

describe("Float32BitsWelder", () => {
  it("returns one index per distinct bit pattern while growing from a tiny table", () => {
    const welder = new Float32BitsWelder(1);
    const bits = new Int32Array(new Float32Array([0.1, 0.2, 0.3]).buffer);
    const first: number[] = [];
    for (let i = 0; i < 20_000; i++) first.push(welder.addVertexBits(i, bits[1] ^ (i & 7), bits[2]));
    expect(first).toEqual(first.map((_, i) => i));
    for (let i = 19_999; i >= 0; i--) expect(welder.addVertexBits(i, bits[1] ^ (i & 7), bits[2])).toBe(i);
    expect(welder.vertexCount).toBe(20_000);
    const positions = welder.positions();
    expect(positions).toHaveLength(60_000);
    expect(positions[5]).toBe(Math.fround(0.3));
  });
});

describe("weldFloat64Positions", () => {
  it("merges identical coordinates only (including -0 = +0 after normalisation) and maps every input vertex", () => {
    const raw = new Float64Array([0, 0, 0, 1, 2, 3, 0, 0, 0, 1, 2, 3 + 1e-12, 1, 2, 3]);
    const { positions, weldedIndexOf } = weldFloat64Positions(raw);
    expect(Array.from(weldedIndexOf)).toEqual([0, 1, 0, 2, 1]);
    expect(Array.from(positions)).toEqual([0, 0, 0, 1, 2, 3, 1, 2, 3 + 1e-12]);
  });

  it("handles many vertices", () => {
    const raw = new Float64Array(3 * 50_000);
    for (let i = 0; i < raw.length; i++) raw[i] = Math.floor(i / 6) * 0.5; // every vertex appears twice in a row
    const { positions, weldedIndexOf } = weldFloat64Positions(raw);
    expect(positions.length / 3).toBe(25_000);
    expect(weldedIndexOf[49_999]).toBe(24_999);
  });
});
