import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as analyze } from "./route";
import { POST as search } from "@/app/v1/search/route";
import { readCorpusFile } from "@/lib/geometry/testing/expectations";
import { apiRequest, routeParams, seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { boxStl, createTestFile, plateDxf, useTestBlobs } from "@/test/helpers/files";
import type { BlobStore } from "@/lib/files/blob-store";
import type { Db } from "@/lib/db/client";

/** A plate drawing with a text entity and a named layer, as shops send them. */
const labelledPlate = (text: string) =>
  plateDxf(
    200,
    100,
    [
      [20, 20],
      [100, 20],
      [180, 20],
      [20, 80],
      [100, 80],
      [180, 80],
    ],
    10,
  ).replace(
    "0\nENDSEC\n0\nEOF",
    ["0", "TEXT", "8", "NOTES", "10", "5", "20", "5", "40", "3", "1", text, "0", "ENDSEC", "0", "EOF"].join("\n"),
  );

let db: Db;
let dir: string;
let blobs: BlobStore;
let key: string;
let freeKey: string;
let workspaceId: string;
beforeAll(async () => {
  ({ db, dir } = await useTestDb());
  blobs = useTestBlobs(dir);
  const pro = await seedWorkspace(db, { plan: "pro", scopes: ["files:read", "files:write"] });
  key = pro.secret;
  workspaceId = pro.workspace.id;
  freeKey = (await seedWorkspace(db, { plan: "free", scopes: ["files:read", "files:write"] })).secret;
});

const call = (id: string, secret = key) =>
  analyze(apiRequest(`/v1/files/${id}/analyze`, { method: "POST", key: secret }), routeParams({ id }));

describe("POST /v1/files/{id}/analyze", () => {
  it("reads material and thickness from the drawing's text, hole diameters from its circles", async () => {
    const { file } = await createTestFile(db, blobs, workspaceId, labelledPlate("SS304 t=3"), "base-plate.dxf");
    const res = await call(file.id);
    expect(res.status).toBe(200);
    const { metadata } = (await res.json()).data;
    expect(metadata.dimensions.bbox_mm).toEqual({ x: 200, y: 100 });
    expect(metadata.dimensions.thickness_mm).toBe(3);
    expect(metadata.dimensions.holes).toEqual({ count: 6, diameters_mm: [10, 10, 10, 10, 10, 10] });
    expect(metadata.material).toMatchObject({ id: "ss304", evidence: [{ source: "dxf_text", text: "SS304 t=3" }] });
    expect(metadata.shape_class).toBe("plate");
    expect(metadata.description.id).toMatch(
      /^Pelat dasar baja tahan karat SS304 200 × 100 mm, tebal 3 mm, dengan 6 lubang Ø10 mm/,
    );
    expect(metadata.description.en).toMatch(
      /^SS304 stainless steel base plate 200 × 100 mm, 3 mm thick, with 6 Ø10 mm holes/,
    );
    expect(metadata.analyzer).toBe("rules");
  });

  it("leaves thickness and material null, with a reason, when nothing states them", async () => {
    const { file } = await createTestFile(db, blobs, workspaceId, plateDxf(80, 40), "part-7.dxf");
    const { metadata } = (await (await call(file.id)).json()).data;
    expect(metadata.dimensions.thickness_mm).toBeNull();
    expect(metadata.material).toBeNull();
    expect(metadata.material_reason).toMatch(/No material/);
  });

  it("classifies a thin box as a plate with its thickness from geometry", async () => {
    const { file } = await createTestFile(db, blobs, workspaceId, boxStl(120, 80, 4), "mounting-plate-petg.stl");
    const { metadata } = (await (await call(file.id)).json()).data;
    expect(metadata).toMatchObject({ shape_class: "plate", part_type: "plate", material: { id: "petg" } });
    expect(metadata.dimensions.thickness_mm).toBe(4);
  });

  it("is 404 for an unknown file and for another workspace's file", async () => {
    expect((await call("file_nope")).status).toBe(404);
    const other = await seedWorkspace(db, { plan: "pro", scopes: ["files:write"] });
    const { file } = await createTestFile(db, blobs, other.workspace.id, boxStl(10, 10, 10), "cube.stl");
    expect((await call(file.id)).status).toBe(404);
  });

  it("is 409 with the reason when the stored version cannot be analysed", async () => {
    const { file, version } = await createTestFile(db, blobs, workspaceId, boxStl(10, 10, 10), "lost.stl");
    fs.rmSync(path.join(dir, "blobs", version.sha256.slice(0, 2), version.sha256.slice(2, 4), version.sha256));
    const res = await call(file.id);
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toMatch(/stored bytes are missing/);
  });

  it("needs the pro plan", async () => {
    expect((await call("file_any", freeKey)).status).toBe(403);
  });
});

describe("POST /v1/files/{id}/analyze: assemblies (issue #16)", () => {
  /*
   * as1-oc-214.stp, read from its product structure (NEXT_ASSEMBLY_USAGE_OCCURRENCE):
   *   as1 → rod-assembly_1, l-bracket-assembly_1, l-bracket-assembly_2, plate_1
   *   rod-assembly → nut_1, nut_2, rod_1                               (3 parts)
   *   l-bracket-assembly → l-bracket_1, nut-bolt-assembly_1…3           (1 + 3 × 2 parts)
   *   nut-bolt-assembly → bolt_1, nut_3
   * Leaf instances: 3 + 2 × 7 + 1 = 18 of 5 distinct parts: nut 2 + 2 × 3 = 8, bolt 2 × 3 = 6, l-bracket 2, plate 1, rod 1.
   * Overall extents from the STEP test (lib/geometry/formats/step.test.ts): 200 × 150 × 84 mm.
   */
  let fileId: string;
  let shells: number;
  let metadata: Record<string, unknown> & { structure: unknown; description: { id: string; en: string } };
  beforeAll(async () => {
    const { file, version } = await createTestFile(
      db,
      blobs,
      workspaceId,
      readCorpusFile("step/as1-oc-214.stp"),
      "as1-oc-214.stp",
    );
    fileId = file.id;
    shells = (version.analysis.geometry as { parts: number }).parts;
    const res = await call(file.id);
    expect(res.status).toBe(200);
    ({ metadata } = (await res.json()).data);
  }, 120_000);

  it("counts components, distinct parts and instances, and says what shells are", () => {
    expect(metadata.structure).toEqual({
      type: "assembly",
      components: 18,
      distinct_parts: 5,
      instances: [
        { name: "nut", count: 8 },
        { name: "bolt", count: 6 },
        { name: "l-bracket", count: 2 },
        { name: "plate", count: 1 },
        { name: "rod", count: 1 },
      ],
      // The geometry's `parts`: touching parts (a nut on its bolt) weld into one shell, so fewer than the components.
      shells,
    });
    expect(shells).toBeLessThan(18);
    expect(metadata.components).toHaveLength(18);
    // Not the "rod" one of its products is called, nor a wall thickness or holes of welded shells.
    expect(metadata).toMatchObject({
      part_type: "assembly",
      shape_class: "complex",
      dimensions: { thickness_mm: null, holes: { count: null } },
    });
  });

  it("describes it as an assembly in both languages", () => {
    expect(metadata.description.id).toMatch(
      /^Rakitan 18 komponen \(5 jenis komponen: nut ×8, bolt ×6, l-bracket ×2, plate, rod\), 200 × 150 × 84 mm, volume \d+ cm³$/,
    );
    expect(metadata.description.en).toMatch(
      /^Assembly of 18 components \(5 distinct parts: nut ×8, bolt ×6, l-bracket ×2, plate, rod\), 200 × 150 × 84 mm, volume \d+ cm³$/,
    );
  });

  it("is found by 'assembly' and 'rakitan'", async () => {
    for (const query of ["assembly", "rakitan", "rakitan 18 komponen"]) {
      const res = await search(apiRequest("/v1/search", { method: "POST", key, body: { query } }));
      const results = (await res.json()).data.results as { file: { id: string } }[];
      expect(results[0]?.file.id, query).toBe(fileId);
    }
  });
});
