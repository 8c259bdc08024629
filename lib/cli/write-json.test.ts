import { describe, expect, it } from "vitest";
import { writeJson } from "./write-json";

function written(value: unknown, chunks: Uint8Array[] = []): string {
  writeJson(value, (bytes) => chunks.push(bytes.slice()));
  return Buffer.concat(chunks).toString("utf8");
}

class Later {
  toJSON(key: string) {
    return { key, when: "later" };
  }
}

describe("writeJson", () => {
  it("writes what JSON.stringify writes", () => {
    const values: unknown[] = [
      0,
      -0,
      1,
      -1,
      0.001,
      -0.001,
      0.1,
      0.5,
      1.25,
      12.5,
      11.768,
      -8.232,
      2010,
      1610.001,
      2147483.647,
      2147483.648,
      1e21,
      1e-7,
      123456789012.345,
      0.1 + 0.2,
      15.707963267948966,
      Math.PI,
      NaN,
      Infinity,
      -Infinity,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
      2 ** 53,
      -(2 ** 60),
      "",
      "plain",
      'quote " and \\ backslash',
      "tab\tnew\nline\u0001",
      "é ü 漢字 😀",
      "lone \ud800 surrogate",
      "</script>",
      true,
      false,
      null,
      [],
      {},
      [1, [2, [3]], { a: [] }],
      [undefined, () => 1, Symbol("s"), null],
      { a: 1, b: undefined, c: () => 2, d: Symbol("x"), e: "x", 'key "quoted"': [0.25] },
      { nested: new Later(), list: [new Later()], date: new Date(0) },
      { skip: { toJSON: () => undefined }, keep: 1, last: { toJSON: () => undefined } },
      { typed: new Float64Array([1.5, 2]), map: new Map([[1, 2]]), boxed: new Number(3), text: new String("s") },
      Object.assign(Object.create(null), { bare: 1 }),
    ];
    for (const v of values) expect(written(v)).toBe(JSON.stringify(v));
    expect(written(values)).toBe(JSON.stringify(values));
  });

  it("every exact thousandth prints as JSON.stringify prints it", () => {
    const xs = [];
    for (let k = -3000; k <= 3000; k++) xs.push(k / 1000, (k * 997) / 1000, (k * 7919 + 1_234_567_000) / 1000);
    expect(written(xs)).toBe(JSON.stringify(xs));
  });

  it("splits large output into chunks and keeps it whole", () => {
    const big = {
      points: Array.from({ length: 400_000 }, (_, i) => Math.round(Math.sin(i) * 1e6) / 1000),
      text: "x".repeat(700_000),
    };
    const chunks: Uint8Array[] = [];
    expect(written(big, chunks)).toBe(JSON.stringify(big));
    expect(chunks.length).toBeGreaterThan(2);
  });

  it("refuses a BigInt like JSON.stringify", () => {
    expect(() => written({ n: 1n })).toThrow(TypeError);
  });
});
