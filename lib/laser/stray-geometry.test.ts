import { describe, expect, it } from "vitest";
import { analyzeDrawing } from "./index";
import { bytesOf, dxf, dxfDocument } from "./testing/dxf-builder";
import { warningText } from "@/lib/i18n/warnings";

const plate = (x: number, y: number, w: number, h: number) =>
  dxf.lwpolyline(
    [
      [x, y],
      [x + w, y],
      [x + w, y + h],
      [x, y + h],
    ],
    true,
  );

describe("stray geometry far from the part", () => {
  it("a 100 × 50 plate with a stray line 5 km away is quoted as the plate, with a warning", async () => {
    const drawing = dxfDocument({
      insunits: 4,
      entities: [plate(0, 0, 100, 50), dxf.line(5_000_000, 0, 5_000_300, 0)],
    });
    const { geometry } = await analyzeDrawing(bytesOf(drawing), "plate.dxf");
    expect(geometry.cut_length_mm).toBeCloseTo(300, 9);
    expect(geometry.bbox_mm).toEqual({ x: 100, y: 50 });
    expect(geometry.ignored.stray).toBe(1);
    const warning = geometry.warnings.find((w) => w.code === "STRAY_GEOMETRY")!;
    expect(warning.message).toMatch(/^1 piece of geometry \(300 mm of line\) lies up to 4999\.9 m away/);
    expect(warningText(warning, "id")).toMatch(/^1 bagian geometri \(300 mm garis\) berada hingga 4\.999,9 m/);
  });

  it("a plate with a stray line 2 km away", async () => {
    const drawing = dxfDocument({
      insunits: 4,
      entities: [plate(0, 0, 100, 50), dxf.line(2_000_100, 0, 2_000_150, 0)],
    });
    const { geometry } = await analyzeDrawing(bytesOf(drawing), "plate.dxf");
    expect(geometry.cut_length_mm).toBeCloseTo(300, 9);
    expect(geometry.pierce_count).toBe(1);
    expect(geometry.ignored.stray).toBe(1);
    expect(geometry.warnings.find((w) => w.code === "STRAY_GEOMETRY")!.message).toMatch(/up to 2000\.0 m away/);
  });

  it("lines kilometres long far from the part do not outweigh it, however long", async () => {
    // Like LibreDWG's example_2000.dwg: a polyline with vertices kilometres out, beside a small part.
    const far = dxf.lwpolyline(
      [
        [-500_000, -1_600_000],
        [700_000, -1_000_000],
        [-700_000, 400_000],
      ],
      false,
    );
    const { geometry } = await analyzeDrawing(
      bytesOf(dxfDocument({ insunits: 4, entities: [plate(0, 0, 100, 50), far] })),
      "plate.dxf",
    );
    expect(geometry.cut_length_mm).toBeCloseTo(300, 9);
    expect(geometry.bbox_mm).toEqual({ x: 100, y: 50 });
    expect(geometry.ignored.stray).toBe(2);
  });

  it("a long diagonal across a 12 m frame is kept: it passes through the part", async () => {
    const diagonal = dxf.line(0, 0, 12_000, 12_000);
    const { geometry } = await analyzeDrawing(
      bytesOf(dxfDocument({ insunits: 4, entities: [plate(0, 0, 12_000, 12_000), diagonal] })),
      "frame.dxf",
    );
    expect(geometry.cut_length_mm).toBeCloseTo(48_000 + 12_000 * Math.SQRT2, 6);
    expect(geometry.ignored.stray).toBeUndefined();
  });

  it("a 12 m row of parts 500 mm apart is one sheet: nothing is left out", async () => {
    const parts = Array.from({ length: 20 }, (_, k) => plate(k * 600, 0, 100, 100));
    const { geometry } = await analyzeDrawing(bytesOf(dxfDocument({ insunits: 4, entities: parts })), "row.dxf");
    expect(geometry.cut_length_mm).toBeCloseTo(20 * 400, 9);
    expect(geometry.ignored.stray).toBeUndefined();
    expect(geometry.warnings.map((w) => w.code)).not.toContain("STRAY_GEOMETRY");
  });

  it("a drawing within 10 m is never examined, however its pieces are spread", async () => {
    const { geometry } = await analyzeDrawing(
      bytesOf(dxfDocument({ insunits: 4, entities: [plate(0, 0, 10, 10), plate(9_000, 0, 10, 10)] })),
      "two.dxf",
    );
    expect(geometry.cut_length_mm).toBeCloseTo(80, 9);
  });
});
