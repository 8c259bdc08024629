import { describe, expect, it } from "vitest";
import { extractMetadata } from "./extract-metadata";
import { describePart } from "./describe-part";
import { classifyMesh, classifySheet } from "./classify-shape";
import { findThickness } from "./find-thickness";
import { scanDxfTexts } from "./scan-dxf-texts";
import { guessMaterial } from "./guess-material";
import { plateDxf } from "@/test/helpers/files";
import { analyzeMesh } from "@/lib/geometry";
import {
  createBox,
  createTorus,
  createVoxelSolid,
  translateSoup,
  type TriangleSoup,
} from "@/lib/geometry/testing/shapes";
import { writeBinaryStl } from "@/lib/geometry/testing/writers";

const laser = (x: number, y: number, area: number, holes: number) => ({
  kind: "laser" as const,
  format: "dxf",
  geometry: { bbox_mm: { x, y }, area_cm2: area, holes, cut_length_mm: 700 },
});
const mesh = (x: number, y: number, z: number, volume: number, area: number) => ({
  kind: "mesh" as const,
  format: "stl",
  geometry: { bbox_mm: { x, y, z }, volume_cm3: volume, surface_area_cm2: area },
  components: [],
});

describe("describePart", () => {
  it("states only the facts it was given, in both languages", () => {
    const m = extractMetadata({
      name: "pelat.dxf",
      tags: [],
      analysis: laser(200, 100, 195, 6),
      texts: [{ source: "dxf_text", text: "SS304 t=3" }],
      sheetFacts: { diameters_mm: [10, 10, 10, 10, 10, 10], components: [] },
    });
    expect(m.description.id).toBe(
      "Pelat baja tahan karat SS304 200 × 100 mm, tebal 3 mm, dengan 6 lubang Ø10 mm, panjang potong 700 mm",
    );
    expect(m.description.en).toBe(
      "SS304 stainless steel plate 200 × 100 mm, 3 mm thick, with 6 Ø10 mm holes, cut length 700 mm",
    );
  });

  it("says nothing about thickness, material or hole sizes it does not know", () => {
    const m = extractMetadata({ name: "part-7.dxf", tags: [], analysis: laser(80, 40, 12, 2), texts: [] });
    expect(m.description.en).toBe("Laser-cut sheet part 80 × 40 mm, with 2 holes, cut length 700 mm");
    expect(m.description.id).toBe("Komponen pelat potong laser 80 × 40 mm, dengan 2 lubang, panjang potong 700 mm");
    expect(m).toMatchObject({ material: null, language: "unknown", part_type: null });
    expect(m.dimensions.thickness_mm).toBeNull();
  });

  it("writes Indonesian numbers with a decimal comma", () => {
    const facts = extractMetadata({ name: "blok.stl", tags: [], analysis: mesh(40, 20, 10, 7.5, 16), texts: [] });
    expect(describePart(facts, "id")).toContain("volume 7,5 cm³");
    expect(describePart(facts, "en")).toContain("volume 7.5 cm³");
  });
});

describe("shape rules", () => {
  it("classifies meshes by extents and fill", () => {
    expect(classifyMesh({ x: 120, y: 80, z: 4 }, 38.4, 200)).toBe("plate");
    expect(classifyMesh({ x: 40, y: 30, z: 20 }, 24, 52)).toBe("block");
    expect(classifyMesh({ x: 20, y: 20, z: 10 }, 3.14, 9.4)).toBe("cylinder");
    expect(classifyMesh({ x: 100, y: 8, z: 8 }, 5.0, 25)).toBe("rod");
    expect(classifyMesh({ x: 100, y: 80, z: 50 }, 40, 800)).toBe("thin_walled");
  });

  it("calls a sheet a plate when it fills its rectangle", () => {
    expect(classifySheet({ x: 100, y: 50 }, 45)).toBe("plate");
    expect(classifySheet({ x: 100, y: 100 }, 30)).toBe("sheet_part");
  });
});

describe("evidence", () => {
  it("reads DXF text, MTEXT (without formatting) and layer names", () => {
    const dxf = plateDxf(10, 10).replace(
      "0\nENDSEC\n0\nEOF",
      ["0", "MTEXT", "8", "SS304-T3", "1", "{\\fArial|b0;BAHAN: SS304\\PTEBAL 3 MM}", "0", "ENDSEC", "0", "EOF"].join(
        "\n",
      ),
    );
    const texts = scanDxfTexts(new TextEncoder().encode(dxf));
    expect(texts).toEqual(
      expect.arrayContaining([
        { source: "dxf_text", text: "BAHAN: SS304 TEBAL 3 MM" },
        { source: "dxf_layer", text: "SS304-T3" },
      ]),
    );
    expect(findThickness(texts)?.value).toBe(3);
  });

  it("takes thickness only from explicit markers", () => {
    const t = (text: string) => findThickness([{ source: "file_name", text }])?.value ?? null;
    expect(t("bracket_t2")).toBe(2);
    expect(t("PLAT 1,5mm")).toBe(1.5);
    expect(t("M8 bolt 30")).toBeNull();
    expect(t("rev3")).toBeNull();
  });

  it("prefers the most specific material and lowers one from the other process", () => {
    const guess = guessMaterial(
      [
        { source: "file_name", text: "stainless bracket" },
        { source: "dxf_text", text: "SS304" },
      ],
      "laser",
    );
    expect(guess.material).toMatchObject({ id: "ss304", concept: "ss304", confidence: 0.9 });
    expect(guessMaterial([{ source: "file_name", text: "pla bracket" }], "laser").material?.confidence).toBe(0.42);
    expect(guessMaterial([{ source: "file_name", text: "bracket" }], "laser")).toMatchObject({
      material: null,
      reason: expect.stringMatching(/No material/),
    });
  });
});

describe("mesh through-holes", () => {
  const analysed = async (soup: TriangleSoup) => {
    // Through JSON, as the analysis is stored with the version.
    const analysis = JSON.parse(JSON.stringify(await analyzeMesh(writeBinaryStl(soup), "part.stl")));
    return extractMetadata({ name: "part.stl", tags: [], analysis, texts: [] });
  };
  // A 50 × 50 × 10 mm plate of 10 mm cells with square holes through it at the given cells.
  const plate = (holes: [number, number][]) =>
    createVoxelSolid([5, 5, 1], 10, (i, j) => !holes.some(([hi, hj]) => hi === i && hj === j));

  it("counts the holes through a closed part from its topology", async () => {
    expect((await analysed(createBox([40, 30, 20]))).dimensions.holes).toEqual({ count: 0, diameters_mm: [] });
    expect((await analysed(createTorus(30, 10, 48, 24))).dimensions.holes.count).toBe(1);
    const twoRings = [...createTorus(30, 10, 48, 24), ...translateSoup(createTorus(30, 10, 48, 24), [100, 0, 0])];
    expect((await analysed(twoRings)).dimensions.holes.count).toBe(2);
    const fourHoles = await analysed(
      plate([
        [1, 1],
        [3, 1],
        [1, 3],
        [3, 3],
      ]),
    );
    expect(fourHoles.dimensions.holes.count).toBe(4);
    expect(fourHoles.description.en).toContain("with 4 holes");
    expect(fourHoles.description.id).toContain("dengan 4 lubang");
  });

  it("says nothing (null) when the mesh is open", async () => {
    const torus = createTorus(30, 10, 48, 24);
    const open = await analysed(torus.slice(0, torus.length - 18));
    expect(open.dimensions.holes.count).toBeNull();
    expect(open.description.en).not.toContain("hole");
  });
});
