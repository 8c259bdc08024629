import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { analyzeDrawing, type DrawingAnalysis } from "./index";

const DWG_DIR = "test/fixtures/corpus/dwg";

const analyzeFile = (file: string) => analyzeDrawing(new Uint8Array(readFileSync(path.join(DWG_DIR, file))), file);

/**
 * Each DWG of LibreDWG's test data against the same drawing saved as DXF (issue #18; the whole set, 55 pairs, by
 * `npx tsx tools/compare-dwg-dxf.ts DIR`, table in docs/laser.md). The counts must be equal. Lengths agree to
 * 1e-9 except where a spline drawn by fit points declares a fit tolerance: AutoCAD then stores a curve that only
 * passes within that distance of the fit points, while the DWG keeps the fit points alone and we interpolate them
 * exactly. example_r13/r14 hold one such spline (1,878 mm, fit tolerance 1 mm; 0.56 mm apart); 1e-5 of their
 * 108 m of cut is 1.1 mm, that one tolerance.
 */
const TWINS: { name: string; rel: number }[] = [
  { name: "example_r13", rel: 1e-5 },
  { name: "example_r14", rel: 1e-5 },
  { name: "r14_Leader", rel: 1e-9 },
  { name: "2000_entities-2d", rel: 1e-9 },
  { name: "2007_Arc", rel: 1e-9 },
];

const close = (a: number, b: number, rel: number) => Math.abs(a - b) <= rel * Math.abs(b);

describe("DWG against the same drawing saved as DXF", () => {
  for (const { name, rel } of TWINS) {
    it(`${name}: same pierces, contours and extent; cut length within ${rel}`, async () => {
      const dwg = await analyzeFile(`${name}.dwg`);
      const dxf = await analyzeFile(`${name}.dxf`);
      expect(dwg.format).toBe("dwg");
      const { geometry: a } = dwg;
      const { geometry: b } = dxf;
      expect([a.pierce_count, a.contours, a.open_contours, a.parts, a.holes]).toEqual([
        b.pierce_count,
        b.contours,
        b.open_contours,
        b.parts,
        b.holes,
      ]);
      expect(a.cut_length_mm).toBeGreaterThan(0);
      expect(close(a.cut_length_mm, b.cut_length_mm, rel)).toBe(true);
      expect(close(a.bbox_mm.x, b.bbox_mm.x, 1e-9)).toBe(true);
      expect(close(a.bbox_mm.y, b.bbox_mm.y, 1e-9)).toBe(true);
      expect(a.ignored.table ?? 0).toBe(b.ignored.table ?? 0);
      expect(a.ignored.stray ?? 0).toBe(b.ignored.stray ?? 0);
    }, 60_000);
  }

  it("R14 keeps a table as an INSERT of its *T block and a DWG as ACAD_TABLE: neither is cut", async () => {
    // The DXF twin's table block *T14 holds the 32 lines of a 20-row, 9-column table, once counted as 32 cuts.
    const dxf = (await analyzeFile("example_r14.dxf")) as DrawingAnalysis;
    const dwg = (await analyzeFile("example_r14.dwg")) as DrawingAnalysis;
    expect(dxf.geometry.ignored.table).toBe(1);
    expect(dwg.geometry.ignored.table).toBe(1);
  }, 60_000);
});

describe("DWG before R13", () => {
  it("an R11 drawing is refused as unsupported (415), naming the release, not measured wrong", async () => {
    const error = await analyzeFile("r11_entities-2d.dwg").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe("unsupported_format");
    expect((error as DomainError).message).toContain("R11/R12");
    expect((error as DomainError).message).toContain("R13–2018");
  });
});
