import { describe, expect, it } from "vitest";
import type { FileRow, FileVersionRow } from "@/lib/files/get-file";
import { viewerFactsFor } from "./viewer-facts";

const file = { name: "bracket.stl" } as FileRow;
const mesh = (geometry: Record<string, unknown>) => ({ kind: "mesh", format: "stl", number: 2, analysis: { geometry } }) as unknown as FileVersionRow;
const drawing = (geometry: Record<string, unknown>) => ({ kind: "laser", format: "dxf", number: 1, analysis: { geometry } }) as unknown as FileVersionRow;

describe("viewerFactsFor", () => {
  it("a 40 × 30 × 20 mm box in English: 24 cm³, 52 cm², small numbers keep three significant digits", () => {
    const facts = viewerFactsFor(file, mesh({ volume_cm3: 24, surface_area_cm2: 52, is_manifold: true, triangles: 12, parts: 1 }));
    expect(facts).toMatchObject({ kind: "mesh", name: "bracket.stl", format: "STL", version: 2, bbox_mm: null });
    expect(facts.entries).toEqual([
      { label: "Volume", value: "24 cm³" },
      { label: "Surface area", value: "52 cm²" },
      { label: "Manifold", value: "yes" },
      { label: "Triangles", value: "12" },
      { label: "Parts", value: "1" },
    ]);
    expect(viewerFactsFor(file, mesh({ volume_cm3: 0.001 })).entries[0].value).toBe("0.001 cm³");
  });

  it("in Indonesian: translated labels, decimal comma and dot thousands", () => {
    const facts = viewerFactsFor(file, drawing({ cut_length_mm: 1234.56, pierce_count: 3, area_cm2: 96.43, holes: 2, open_contours: 0, bbox_mm: { x: 120, y: 80 } }), "id");
    expect(facts.bbox_mm).toEqual({ x: 120, y: 80 });
    expect(facts.entries).toEqual([
      { label: "Panjang potong", value: "1.234,6 mm" },
      { label: "Tembakan", value: "3" },
      { label: "Luas bagian", value: "96,43 cm²" },
      { label: "Lubang", value: "2" },
      { label: "Kontur terbuka", value: "0" },
    ]);
    expect(viewerFactsFor(file, mesh({ is_manifold: false }), "id").entries[2]).toEqual({ label: "Manifold", value: "tidak" });
  });
});
