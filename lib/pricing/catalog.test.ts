import { describe, expect, it } from "vitest";
import { DEFAULT_CATALOG, catalogSchema, type PriceCatalog } from "./catalog";

function withChange(change: (catalog: PriceCatalog) => void): unknown {
  const copy = structuredClone(DEFAULT_CATALOG);
  change(copy);
  return copy;
}

describe("DEFAULT_CATALOG", () => {
  it("passes its own schema", () => {
    expect(catalogSchema.parse(DEFAULT_CATALOG)).toEqual(DEFAULT_CATALOG);
  });

  it("holds the issue #5 3D-print prices", () => {
    const rows = DEFAULT_CATALOG.print_3d.materials.map((m) => [m.id, m.density_g_cm3, m.price_idr_per_gram]);
    expect(rows).toEqual([
      ["pla", 1.24, 350],
      ["petg", 1.27, 420],
      ["abs", 1.05, 380],
      ["tpu", 1.21, 550],
      ["asa", 1.07, 500],
      ["nylon_pa12", 1.01, 750],
      ["resin_sla", 1.1, 900],
    ]);
    expect(DEFAULT_CATALOG.print_3d.setup_idr).toBe(25_000);
    expect(DEFAULT_CATALOG.print_3d.machine_idr_per_hour).toBe(15_000);
    const { perimeters, line_width_mm } = DEFAULT_CATALOG.print_3d.shell;
    expect(perimeters * line_width_mm).toBeCloseTo(1.2, 12);
  });

  it("only resin prints solid", () => {
    const solid = DEFAULT_CATALOG.print_3d.materials.filter((m) => DEFAULT_CATALOG.print_3d.families[m.family].solid);
    expect(solid.map((m) => m.id)).toEqual(["resin_sla"]);
  });

  it("holds the issue #5 laser ranges", () => {
    const { laser } = DEFAULT_CATALOG;
    expect(laser.setup_idr).toBe(35_000);
    expect(laser.thicknesses_mm).toEqual([1, 2, 3, 5, 8, 10]);
    const rows = laser.materials.map((m) => [
      m.id,
      m.thickness_min_mm,
      m.thickness_max_mm,
      m.cut_rate_min_idr_per_mm,
      m.cut_rate_max_idr_per_mm,
    ]);
    expect(rows).toEqual([
      ["mild_steel", 1, 10, 0.8, 8.0],
      ["ss304", 1, 5, 1.5, 6.0],
      ["al5052", 1, 5, 1.0, 4.5],
      ["acrylic", 3, 8, 0.6, 1.8],
      ["galvanized", 1, 3, 0.9, 2.0],
    ]);
    expect([laser.pierce_fee.min_idr, laser.pierce_fee.max_idr]).toEqual([400, 3_500]);
  });
});

describe("catalogSchema rejects a malformed catalogue", () => {
  const cases: [string, unknown][] = [
    ["not an object", "catalogue"],
    ["missing laser section", withChange((c) => delete (c as Partial<PriceCatalog>).laser)],
    ["negative density", withChange((c) => void (c.print_3d.materials[0].density_g_cm3 = -1.24))],
    ["zero volumetric rate", withChange((c) => void (c.print_3d.families.fdm.volumetric_rate_mm3_per_s = 0))],
    ["price as a string", withChange((c) => Object.assign(c.print_3d.materials[0], { price_idr_per_gram: "350" }))],
    ["fractional perimeters", withChange((c) => void (c.print_3d.shell.perimeters = 2.5))],
    ["unknown family", withChange((c) => void (c.print_3d.materials[0].family = "sls"))],
    ["duplicate 3D material id", withChange((c) => void (c.print_3d.materials[1].id = "pla"))],
    ["id with spaces", withChange((c) => void (c.print_3d.materials[0].id = "P LA"))],
    ["no 3D materials", withChange((c) => void (c.print_3d.materials = []))],
    ["thicknesses out of order", withChange((c) => void (c.laser.thicknesses_mm = [1, 3, 2]))],
    ["pierce min above max", withChange((c) => void (c.laser.pierce_fee.min_idr = 4_000))],
    ["thickness range inverted", withChange((c) => void (c.laser.materials[0].thickness_min_mm = 12))],
    ["cut-rate range inverted", withChange((c) => void (c.laser.materials[0].cut_rate_min_idr_per_mm = 9))],
    [
      "range with no catalogue thickness",
      withChange((c) => Object.assign(c.laser.materials[0], { thickness_min_mm: 11, thickness_max_mm: 12 })),
    ],
    ["duplicate laser material id", withChange((c) => void (c.laser.materials[1].id = "mild_steel"))],
  ];

  it.each(cases)("%s", (_name, candidate) => {
    expect(catalogSchema.safeParse(candidate).success).toBe(false);
  });
});
