import { describe, expect, it } from "vitest";
import { extractMetadata } from "./extract-metadata";
import { fileStructure, partOfInstance } from "./structure";

const box = { x: 10, y: 10, z: 10 };
const comps = (...names: string[]) => names.map((name) => ({ name, bbox_mm: box, volume_cm3: 1 }));

describe("fileStructure", () => {
  it("groups instances by part name, keeping numbers that belong to the name", () => {
    expect(["bolt_1", "nut.001", "bracket (2)", "Body:3", "M8", "Body1", "plate-12"].map(partOfInstance)).toEqual([
      "bolt",
      "nut",
      "bracket",
      "Body",
      "M8",
      "Body1",
      "plate",
    ]);
  });

  it("calls two or more distinct named parts of a mesh an assembly", () => {
    expect(fileStructure("mesh", comps("lid", "box_1", "box_2"), 2)).toEqual({
      type: "assembly",
      components: 3,
      distinct_parts: 2,
      instances: [
        { name: "box", count: 2 },
        { name: "lid", count: 1 },
      ],
      shells: 2,
    });
  });

  it("calls copies of one part, and several contours of a drawing, multiple", () => {
    expect(fileStructure("mesh", comps("bracket (1)", "bracket (2)", "bracket (3)", "bracket (4)"), 4)).toMatchObject({
      type: "multiple",
      components: 4,
      distinct_parts: 1,
    });
    expect(fileStructure("laser", comps("part 1", "part 2"), null)).toMatchObject({ type: "multiple", shells: null });
    expect(fileStructure("mesh", comps("as1_pe_203"), 10)).toMatchObject({
      type: "single",
      instances: [{ name: "as1_pe_203", count: 1 }],
    });
  });

  it("names an assembly from its file name, not from its components", () => {
    const analysis = {
      kind: "mesh" as const,
      format: "3mf",
      geometry: { bbox_mm: { x: 120, y: 80, z: 40 }, volume_cm3: 60, surface_area_cm2: 300, parts: 2 },
      components: [
        { name: "shaft", volume_cm3: 10, bbox_mm: { x: 120, y: 10, z: 10 } },
        { name: "bracket", volume_cm3: 50, bbox_mm: { x: 80, y: 80, z: 40 } },
      ],
    };
    const texts = [{ source: "object_name", text: "shaft" }];
    const plain = extractMetadata({ name: "model.3mf", tags: [], analysis, texts });
    expect(plain).toMatchObject({ part_type: "assembly", shape_class: "complex" });
    expect(plain.description.en).toMatch(
      /^Assembly of 2 components \(2 distinct parts: bracket, shaft\), 120 × 80 × 40 mm/,
    );
    const named = extractMetadata({ name: "rakitan gearbox.3mf", tags: [], analysis, texts });
    expect(named.part_type).toBe("gearbox");
    expect(named.description.id).toMatch(/^Rakitan gearbox 2 komponen \(2 jenis komponen: bracket, shaft\)/);
    expect(named.description.en).toMatch(/^Gearbox assembly of 2 components/);
  });
});
