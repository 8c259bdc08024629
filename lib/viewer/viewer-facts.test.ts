import { describe, expect, it } from "vitest";
import type { FileRow, FileVersionRow } from "@/lib/files/get-file";
import { viewerFactsFor } from "./viewer-facts";

const file = { name: "bracket.stl" } as FileRow;
const mesh = (geometry: Record<string, unknown>) =>
  ({ kind: "mesh", format: "stl", number: 2, analysis: { kind: "mesh", geometry } }) as unknown as FileVersionRow;
const drawing = (geometry: Record<string, unknown>) =>
  ({ kind: "laser", format: "dxf", number: 1, analysis: { kind: "laser", geometry } }) as unknown as FileVersionRow;

describe("viewerFactsFor", () => {
  it("a 40 × 30 × 20 mm box in English: 24 cm³, 52 cm², small numbers keep three significant digits", () => {
    const facts = viewerFactsFor(
      file,
      mesh({ volume_cm3: 24, surface_area_cm2: 52, is_manifold: true, triangles: 12, parts: 1 }),
    );
    expect(facts).toMatchObject({ kind: "mesh", name: "bracket.stl", format: "STL", version: 2, bbox_mm: null });
    expect(facts.entries).toEqual([
      { label: "Volume", value: "24 cm³" },
      { label: "Surface area", value: "52 cm²" },
      { label: "Manifold", value: "yes" },
      { label: "Triangles", value: "12" },
      // No components listed (an analysis stored before they were): unknown, not guessed from the shells.
      { label: "Components", value: "—" },
      {
        label: "Shells",
        value: "1",
        title: "Connected pieces of the mesh. Touching parts weld into one shell, so this is not a part count.",
      },
    ]);
    expect(viewerFactsFor(file, mesh({ volume_cm3: 0.001 })).entries[0].value).toBe("0.001 cm³");
  });

  it("a STEP assembly: 18 placed components of 11 distinct parts welded into 6 shells is never called 6 parts", () => {
    const names = [
      "plate",
      "bracket_1",
      "bracket_2",
      "bolt_1",
      "bolt_2",
      "bolt_3",
      "bolt_4",
      "nut_1",
      "nut_2",
      "nut_3",
      "nut_4",
      "rod",
      "washer",
      "l-bracket",
      "pin",
      "cap",
      "screw",
      "spacer",
    ];
    const version = {
      kind: "mesh",
      format: "step",
      number: 1,
      analysis: { kind: "mesh", geometry: { parts: 6, triangles: 100 }, components: names.map((name) => ({ name })) },
    } as unknown as FileVersionRow;
    const entries = viewerFactsFor(file, version).entries;
    expect(entries.slice(-3)).toEqual([
      { label: "Components", value: "18" },
      { label: "Distinct parts", value: "11" },
      { label: "Shells", value: "6", title: expect.stringContaining("Touching parts weld into one shell") },
    ]);
    expect(entries.map((e) => e.label)).not.toContain("Parts");
    const id = viewerFactsFor(file, version, "id")
      .entries.slice(-3)
      .map((e) => e.label);
    expect(id).toEqual(["Komponen", "Jenis komponen", "Cangkang"]);
    // One component: no distinct-parts line.
    const single = {
      kind: "mesh",
      format: "stl",
      number: 1,
      analysis: { kind: "mesh", geometry: { parts: 1 }, components: [{ name: "cube" }] },
    } as unknown as FileVersionRow;
    expect(
      viewerFactsFor(file, single)
        .entries.slice(-2)
        .map((e) => [e.label, e.value]),
    ).toEqual([
      ["Components", "1"],
      ["Shells", "1"],
    ]);
  });

  it("in Indonesian: translated labels, decimal comma and dot thousands", () => {
    const facts = viewerFactsFor(
      file,
      drawing({
        cut_length_mm: 1234.56,
        pierce_count: 3,
        area_cm2: 96.43,
        holes: 2,
        open_contours: 0,
        bbox_mm: { x: 120, y: 80 },
      }),
      "id",
    );
    expect(facts.bbox_mm).toEqual({ x: 120, y: 80 });
    expect(facts.entries).toEqual([
      { label: "Panjang potong", value: "1.234,6 mm" },
      { label: "Tembakan", value: "3" },
      { label: "Luas bagian", value: "96,43 cm²" },
      { label: "Lubang", value: "2" },
      { label: "Kontur terbuka", value: "0" },
    ]);
    expect(viewerFactsFor(file, mesh({ is_manifold: false }), "id").entries[2]).toEqual({
      label: "Manifold",
      value: "tidak",
    });
  });
});
