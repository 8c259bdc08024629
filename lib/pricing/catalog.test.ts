import { describe, expect, it } from "vitest";
import { DEFAULT_CATALOG, catalogSchema, familySettings, type PriceCatalog } from "./catalog";

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
    // Every family carries its complete built-in profile, so a stored catalogue names every setting.
    for (const [id, family] of Object.entries(DEFAULT_CATALOG.print_3d.families)) {
      expect(familySettings(id, family)).toEqual(family.profile);
    }
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
    ["fractional perimeters", withChange((c) => void (c.print_3d.families.fdm.profile!.perimeters = 2.5))],
    ["zero layer height", withChange((c) => void (c.print_3d.families.fdm.profile!.layer_height = 0))],
    ["negative speed", withChange((c) => void (c.print_3d.families.fdm.profile!.perimeter_speed = -45))],
    ["layer above the nozzle", withChange((c) => void (c.print_3d.families.fdm.profile!.layer_height = 0.5))],
    ["unknown setting", withChange((c) => void (c.print_3d.families.fdm.profile!.layer_heigth = 0.2))],
    ["zero resin exposure", withChange((c) => void (c.print_3d.families.sla.profile!.exposure_time = 0))],
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

  it.each([
    ["layer_height", 0, /greater than zero/],
    ["layer_height", 0.6, /above the nozzle diameter 0.4/],
    ["perimeter_speed", -45, /greater than zero/],
    ["fill_density", "120%", /between 0 % and 100 %/],
  ])("names the profile setting %s = %s", (key, value, message) => {
    const result = catalogSchema.safeParse(withChange((c) => void (c.print_3d.families.fdm.profile![key] = value)));
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0];
    expect(issue.path).toEqual(["print_3d", "families", "fdm", "profile", key]);
    expect(issue.message).toMatch(message);
  });

  it("keeps accepting a stored catalogue from before profiles (built-in profiles apply)", () => {
    const old = withChange((c) => {
      for (const family of Object.values(c.print_3d.families)) delete family.profile;
    });
    const parsed = catalogSchema.parse(old);
    expect(familySettings("fdm", parsed.print_3d.families.fdm)).toEqual(DEFAULT_CATALOG.print_3d.families.fdm.profile);
  });
});
