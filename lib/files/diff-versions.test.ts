import { beforeAll, describe, expect, it } from "vitest";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { addTestVersion, boxStl, createTestFile, plateDxf, useTestBlobs } from "@/test/helpers/files";
import { listVersions } from "./list-versions";
import type { Db } from "@/lib/db/client";
import type { BlobStore } from "./blob-store";

let db: Db;
let blobs: BlobStore;
beforeAll(async () => {
  const t = await useTestDb();
  db = t.db;
  blobs = useTestBlobs(t.dir);
});

describe("version diffs", () => {
  it("a 40×30×20 box grown to 40×30×25: volume +25 % (24 → 30 cm³), bbox Z 20 → 25", async () => {
    const { workspace } = await seedWorkspace(db);
    const { file } = await createTestFile(db, blobs, workspace.id, boxStl(40, 30, 20), "box.stl");
    await addTestVersion(db, blobs, workspace.id, file.id, boxStl(40, 30, 25), "box.stl");
    const [v2, v1] = await listVersions(db, workspace.id, file.id);
    expect(v1.diff).toBeNull();
    expect(v2.diff!.bytes_changed).toBe(true);
    const volume = v2.diff!.changes.find((c) => c.metric === "volume_cm3")!;
    expect(volume.old).toBeCloseTo(24, 9);
    expect(volume.new).toBeCloseTo(30, 9);
    expect(volume.change_pct).toBeCloseTo(25, 9);
    // Area 2(40·30 + 40·20 + 30·20) = 5200 mm² → 2(1200 + 1000 + 750) = 5900 mm².
    expect(v2.diff!.changes.find((c) => c.metric === "surface_area_cm2")!.new).toBeCloseTo(59, 9);
    expect(v2.diff!.changes.map((c) => c.metric)).not.toContain("bbox_x_mm");
    expect(v2.diff!.summary.en).toBe(
      "Volume +25.0% (24.0 → 30.0 cm³); Area +13.5% (52.0 → 59.0 cm²); bbox Z 20.0 → 25.0 mm",
    );
    expect(v2.diff!.summary.id).toBe(
      "Volume +25,0% (24,0 → 30,0 cm³); Luas +13,5% (52,0 → 59,0 cm²); bbox Z 20,0 → 25,0 mm",
    );
    expect(v2.diff!.reference_price).toMatchObject({ basis: "pla_20_infill" });
    expect(v2.diff!.reference_price!.change_idr).toBeGreaterThan(0);
  });

  it("identical bytes are reported as identical", async () => {
    const { workspace } = await seedWorkspace(db);
    const { file } = await createTestFile(db, blobs, workspace.id, boxStl(10, 10, 10), "c.stl");
    await addTestVersion(db, blobs, workspace.id, file.id, boxStl(10, 10, 10), "c.stl");
    const [v2] = await listVersions(db, workspace.id, file.id);
    expect(v2.diff).toMatchObject({ bytes_changed: false, changes: [], summary: { en: "Identical content" } });
  });

  it("a drawing with one more Ø10 hole: +1 pierce, +10π mm of cut", async () => {
    const { workspace } = await seedWorkspace(db);
    const { file } = await createTestFile(db, blobs, workspace.id, plateDxf(100, 50, [[25, 25]]), "p.dxf");
    await addTestVersion(
      db,
      blobs,
      workspace.id,
      file.id,
      plateDxf(100, 50, [
        [25, 25],
        [75, 25],
      ]),
      "p.dxf",
    );
    const [v2] = await listVersions(db, workspace.id, file.id);
    const byMetric = Object.fromEntries(v2.diff!.changes.map((c) => [c.metric, c]));
    expect(byMetric.pierce_count).toMatchObject({ old: 2, new: 3, change: 1 });
    expect(byMetric.cut_length_mm.change).toBeCloseTo(10 * Math.PI, 6);
    expect(v2.diff!.reference_price!.basis).toBe("mild_steel_2mm");
    expect(v2.diff!.summary.en).toMatch(
      /^Cut length \+\d+\.\d% \(331\.4 → 362\.8 mm\); Pierces \+50\.0% \(2 → 3\); Area/,
    );
  });
});
