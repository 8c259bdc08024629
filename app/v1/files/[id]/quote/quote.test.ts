import { beforeAll, describe, expect, it } from "vitest";
import { POST as print } from "./3dprint/route";
import { POST as laser } from "./laser/route";
import { apiRequest, routeParams, seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { boxStl, createTestFile, plateDxf, tableStl, useTestBlobs } from "@/test/helpers/files";
import type { BlobStore } from "@/lib/files/blob-store";
import type { Db } from "@/lib/db/client";
import type { Scope } from "@/lib/plans/plans";
import { MK3S_QUALITY_SETTINGS } from "@/lib/print-estimate/default-profiles";

let db: Db;
let blobs: BlobStore;
let key: string;
let boxId: string;
let plateId: string;
let tableId: string;
beforeAll(async () => {
  const { dir } = ({ db } = await useTestDb());
  blobs = useTestBlobs(dir);
  const seeded = await seedWorkspace(db, { plan: "pro" });
  key = seeded.secret;
  boxId = (await createTestFile(db, blobs, seeded.workspace.id, boxStl(40, 30, 20), "box.stl")).file.id;
  plateId = (
    await createTestFile(
      db,
      blobs,
      seeded.workspace.id,
      plateDxf(100, 50, [
        [25, 25],
        [75, 25],
      ]),
      "plate.dxf",
    )
  ).file.id;
  tableId = (await createTestFile(db, blobs, seeded.workspace.id, tableStl(), "table.stl")).file.id;
});

type Init = { key?: string; body?: unknown; rawBody?: string };
const call = (handler: typeof print, path: string, id: string, init: Init = {}) =>
  handler(apiRequest(`/v1/files/${id}/quote/${path}`, { method: "POST", key, ...init }), routeParams({ id }));
const quote3d = (id: string, init?: Init) => call(print, "3dprint", id, init);
const quoteCut = (id: string, init?: Init) => call(laser, "laser", id, init);
const data = async (res: Response) => (await res.json()).data;

interface PrintEntry {
  material_id: string;
  weight_g: number;
  print_time_min: number;
  breakdown: { setup_idr: number; machine_idr: number; material_idr: number };
  price_idr: number;
  quantity: number;
  unit_price_idr: number;
  total_price_idr: number;
}
interface LaserEntry {
  material_id: string;
  thickness_mm: number;
  cut_rate_idr_per_mm: number;
  pierce_fee_idr: number;
  breakdown: { setup_idr: number; cut_idr: number; pierce_idr: number };
  price_idr: number;
}
const sum = (breakdown: Record<string, number>) => Object.values(breakdown).reduce((a, b) => a + b, 0);

describe("POST /v1/files/{id}/quote/3dprint", () => {
  it("quotes the 40×30×20 mm box in all 7 materials, PLA by hand", async () => {
    const res = await quote3d(boxId, { body: { infill: 20 } });
    expect(res.status).toBe(200);
    const body = await data(res);
    expect(body).toMatchObject({
      file_id: boxId,
      catalog_version: 1,
      infill_percent: 20,
      quantity: 1,
      cached: false,
      warnings: [],
    });
    expect(body.id).toMatch(/^qt_/);
    expect(body.version_id).toMatch(/^ver_/);
    expect(body.geometry).toMatchObject({
      volume_cm3: 24,
      surface_area_cm2: 52,
      bbox_mm: { x: 40, y: 30, z: 20 },
      is_manifold: true,
    });
    expect(body.geometry).not.toHaveProperty("warnings");
    expect(Date.parse(body.expires_at) - Date.parse(body.quoted_at)).toBe(86_400_000);
    const quotes: PrintEntry[] = body.quotes;
    expect(quotes.map((q) => q.material_id)).toEqual(["pla", "petg", "abs", "tpu", "asa", "nylon_pa12", "resin_sla"]);

    // PrusaSlicer 2.5.0 with the same profile (eval/quotes/profile.ini, 20 % gyroid) slices this box to
    // 10.64 g of PLA and 55 min 1 s; our estimate adds the family's 5 min warm-up.
    const pla = quotes[0];
    expect(body.estimate.fdm).toMatchObject({ method: "layers", process: "fdm", layers: 100 });
    expect(body.estimate.fdm.settings).toEqual(MK3S_QUALITY_SETTINGS);
    expect(Math.abs(pla.weight_g / 10.64 - 1)).toBeLessThan(0.03);
    expect(Math.abs((pla.print_time_min - 5) / (55 + 1 / 60) - 1)).toBeLessThan(0.05);
    expect(pla.breakdown.setup_idr).toBe(25_000);
    // The shown time and weight are rounded (0.1 min, 0.01 g); the breakdown is not.
    expect(Math.abs(pla.breakdown.machine_idr - (15_000 * pla.print_time_min) / 60)).toBeLessThanOrEqual(12.5);
    expect(Math.abs(pla.breakdown.material_idr - pla.weight_g * 350)).toBeLessThanOrEqual(1.75);
    for (const q of quotes) expect(q.price_idr).toBe(Math.round(sum(q.breakdown) / 100) * 100);
    // The same extrusion in every FDM material: weight scales with density (PETG 1.27, ABS 1.05).
    expect(quotes[1].weight_g / pla.weight_g).toBeCloseTo(1.27 / 1.24, 3);
    expect(quotes[2].weight_g / pla.weight_g).toBeCloseTo(1.05 / 1.24, 3);
    // Resin by hand: solid 24 cm³ × 1.1 g/cm³; 20 mm ÷ 0.05 mm = 400 layers, each 12 cm² (fast tilt, 2.5 s),
    // exposed 2 s, the first 10 faded from 25 s in steps of 23/11 s; plus 10 min warm-up.
    const resin = quotes[6];
    let faded = 0;
    for (let i = 0; i < 10; i++) faded += 25 - (23 / 11) * i;
    expect(body.estimate.sla).toMatchObject({ method: "layers", process: "sla", layers: 400 });
    expect(resin.weight_g).toBe(26.4);
    expect(resin.print_time_min).toBe(Math.round((10 + (390 * 2 + faded + 400 * 2.5) / 60) * 10) / 10);
  });

  it("warns NEEDS_SUPPORTS on an overhang, and prices PrusaSlicer's automatic supports when asked", async () => {
    // PrusaSlicer 2.5.0, same profile, 20 %: the table (a 44 × 44 × 2 mm slab on a 4 mm post) is 5.20 g in
    // 22 min 14 s without supports, and 13.76 g in 1 h 0 min 2 s with --support-material --support-material-auto.
    const bare = await data(await quote3d(tableId, { body: { materials: ["pla"] } }));
    expect(bare.supports).toBe("none");
    expect(bare.estimate.fdm.needs_supports).toBe(true);
    expect(bare.warnings.map((w: { code: string }) => w.code)).toContain("NEEDS_SUPPORTS");
    expect(Math.abs(bare.quotes[0].weight_g / 5.2 - 1)).toBeLessThan(0.05);
    const supported = await data(await quote3d(tableId, { body: { materials: ["pla"], supports: "auto" } }));
    expect(supported.supports).toBe("auto");
    expect(supported.warnings.map((w: { code: string }) => w.code)).not.toContain("NEEDS_SUPPORTS");
    expect(Math.abs(supported.quotes[0].weight_g / 13.76 - 1)).toBeLessThan(0.05);
    expect(Math.abs((supported.quotes[0].print_time_min - 5) / (60 + 2 / 60) - 1)).toBeLessThan(0.1);
    expect(supported.quotes[0].price_idr).toBeGreaterThan(bare.quotes[0].price_idr);
    const refused = await quote3d(tableId, { body: { supports: "everywhere" } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatchObject({ code: "invalid_request", param: "supports" });
  });

  it("rises with infill (resin, printed solid, stays put)", async () => {
    const prices: Record<string, number[]> = {};
    for (const infill of [0, 20, 50, 100]) {
      for (const q of (await data(await quote3d(boxId, { body: { infill } }))).quotes as PrintEntry[]) {
        (prices[q.material_id] ??= []).push(q.price_idr);
      }
    }
    for (const [id, series] of Object.entries(prices)) {
      series
        .slice(1)
        .forEach((price, i) =>
          id === "resin_sla" ? expect(price).toBe(series[i]) : expect(price).toBeGreaterThan(series[i]),
        );
    }
  });

  it("defaults to 20 % infill without a body", async () => {
    const body = await data(await quote3d(boxId));
    expect(body.infill_percent).toBe(20);
    const explicit = await data(await quote3d(boxId, { body: { infill: 20 } }));
    expect(body.quotes).toEqual(explicit.quotes);
  });

  it("quotes a subset of materials, and a quantity with setup shared", async () => {
    const body = await data(await quote3d(boxId, { body: { materials: ["resin_sla", "pla"], quantity: 10 } }));
    const quotes: PrintEntry[] = body.quotes;
    expect(quotes.map((q) => q.material_id)).toEqual(["pla", "resin_sla"]);
    // Setup is shared: (25,000 + 10 × per-part cost) / 10 per part; price_idr stays the single-part price.
    const single = (await data(await quote3d(boxId, { body: { materials: ["pla"] } }))).quotes[0] as PrintEntry;
    const perPart = single.breakdown.machine_idr + single.breakdown.material_idr;
    const unit = Math.round((25_000 + 10 * perPart) / 10 / 100) * 100;
    expect(quotes[0]).toMatchObject({
      quantity: 10,
      price_idr: single.price_idr,
      unit_price_idr: unit,
      total_price_idr: unit * 10,
    });
    expect(body.quantity).toBe(10);
  });

  it("refuses an unknown material with param materials", async () => {
    const res = await quote3d(boxId, { body: { materials: ["pla", "unobtainium"] } });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: "invalid_request", param: "materials" });
  });

  it.each([
    ["infill 150", { body: { infill: 150 } }, "invalid_request", "infill"],
    ["infill as a string", { body: { infill: "20" } }, "invalid_request", "infill"],
    ["quantity 0", { body: { quantity: 0 } }, "invalid_request", "quantity"],
    ["fractional quantity", { body: { quantity: 1.5 } }, "invalid_request", "quantity"],
    ["empty materials", { body: { materials: [] } }, "invalid_request", "materials"],
    ["a misspelt field", { body: { infil: 50 } }, "invalid_request", "body"],
    ["a non-JSON body", { rawBody: "infill=20" }, "invalid_json", "body"],
  ])("400 for %s", async (_name, init, code, param) => {
    const res = await quote3d(boxId, init);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code, param });
  });

  it("warns when the part does not fit the printer in any orientation", async () => {
    const { workspace, secret } = await seedWorkspace(db, { plan: "team" });
    const bar = await createTestFile(db, blobs, workspace.id, boxStl(300, 20, 20), "bar.stl");
    const plate = await createTestFile(db, blobs, workspace.id, boxStl(20, 250, 250), "plate.stl");
    const barBody = await data(await quote3d(bar.file.id, { key: secret }));
    expect(barBody.warnings.map((w: { code: string }) => w.code)).toEqual(["EXCEEDS_BUILD_VOLUME"]);
    expect(barBody.warnings[0].message).toContain("300 × 20 × 20 mm");
    expect((await data(await quote3d(plate.file.id, { key: secret }))).warnings).toEqual([]);
  });
});

describe("POST /v1/files/{id}/quote/laser", () => {
  it("quotes the 100×50 plate with two Ø10 holes at all 20 (material, thickness) pairs", async () => {
    const res = await quoteCut(plateId);
    expect(res.status).toBe(200);
    const body = await data(res);
    const cut = 300 + 2 * Math.PI * 10;
    expect(body.geometry).toMatchObject({ pierce_count: 3, bbox_mm: { x: 100, y: 50 } });
    expect(body.geometry.cut_length_mm).toBeCloseTo(cut, 6);
    expect(body.warnings).toEqual([]);
    const quotes: LaserEntry[] = body.quotes;
    expect(quotes).toHaveLength(20);
    for (const q of quotes) {
      expect(q.pierce_fee_idr).toBeGreaterThanOrEqual(400);
      expect(q.pierce_fee_idr).toBeLessThanOrEqual(3_500);
      expect(q.cut_rate_idr_per_mm).toBeGreaterThanOrEqual(0.6);
      expect(q.cut_rate_idr_per_mm).toBeLessThanOrEqual(8);
      expect(q.breakdown.cut_idr).toBeCloseTo(body.geometry.cut_length_mm * q.cut_rate_idr_per_mm, 9);
      expect(q.breakdown.pierce_idr).toBe(3 * q.pierce_fee_idr);
      expect(q.price_idr).toBe(Math.round(sum(q.breakdown) / 100) * 100);
    }
    // Mild steel 3 mm: 35,000 + 362.83 × 2.4 + 3 × 1,020 = 38,930.8 → 38,900.
    const mild3 = quotes.find((q) => q.material_id === "mild_steel" && q.thickness_mm === 3)!;
    expect(sum(mild3.breakdown)).toBeCloseTo(35_000 + cut * 2.4 + 3 * 1_020, 9);
    expect(mild3.price_idr).toBe(38_900);
    // SS 304 5 mm: 35,000 + 362.83 × 6 + 3 × 3,500 = 47,676.99 → 47,700.
    expect(quotes.find((q) => q.material_id === "ss304" && q.thickness_mm === 5)!.price_idr).toBe(47_700);
  });

  it("warns when the drawing is larger than the laser bed", async () => {
    const { workspace, secret } = await seedWorkspace(db, { plan: "pro" });
    const big = await createTestFile(db, blobs, workspace.id, plateDxf(3200, 100), "long.dxf");
    const warnings = (await data(await quoteCut(big.file.id, { key: secret }))).warnings;
    expect(warnings.map((w: { code: string }) => w.code)).toContain("EXCEEDS_BUILD_VOLUME");
  });
});

describe("quote errors (v1)", () => {
  it("422 wrong_process both ways, naming the right endpoint", async () => {
    const onDrawing = await quote3d(plateId);
    expect(onDrawing.status).toBe(422);
    const drawingError = (await onDrawing.json()).error;
    expect(drawingError).toMatchObject({ code: "wrong_process", details: { file_kind: "laser" } });
    expect(drawingError.message).toContain(`POST /v1/files/${plateId}/quote/laser`);
    const onMesh = await quoteCut(boxId);
    expect(onMesh.status).toBe(422);
    expect((await onMesh.json()).error.message).toContain(`POST /v1/files/${boxId}/quote/3dprint`);
  });

  it("401 without a key", async () => {
    const res = await print(
      apiRequest(`/v1/files/${boxId}/quote/3dprint`, { method: "POST" }),
      routeParams({ id: boxId }),
    );
    expect(res.status).toBe(401);
    expect((await res.json()).success).toBe(false);
  });

  it("403 on the free plan and without the quotes scope", async () => {
    const free = await seedWorkspace(db, { plan: "free" });
    const freeRes = await quote3d(boxId, { key: free.secret });
    expect(freeRes.status).toBe(403);
    expect((await freeRes.json()).error).toMatchObject({ code: "plan_required", details: { required_plan: "pro" } });
    const narrow = await seedWorkspace(db, { plan: "pro", scopes: ["files:read"] as Scope[] });
    const scopeRes = await quoteCut(plateId, { key: narrow.secret });
    expect(scopeRes.status).toBe(403);
    expect((await scopeRes.json()).error.code).toBe("insufficient_scope");
  });

  it("404 for another workspace's file and for an unknown id", async () => {
    const other = await seedWorkspace(db, { plan: "pro" });
    for (const res of [
      await quote3d(boxId, { key: other.secret }),
      await quoteCut(plateId, { key: other.secret }),
      await quote3d("file_nope"),
    ]) {
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe("not_found");
    }
  });
});
