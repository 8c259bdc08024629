import { beforeAll, describe, expect, it } from "vitest";
import { POST as print } from "./route";
import { POST as laser } from "./laser/route";
import { apiRequest, routeParams, seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { boxStl, createTestFile, plateDxf, useTestBlobs } from "@/test/helpers/files";
import type { Db } from "@/lib/db/client";

let db: Db;
let key: string;
let boxId: string;
let plateId: string;
beforeAll(async () => {
  const { dir } = ({ db } = await useTestDb());
  const blobs = useTestBlobs(dir);
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
});

type Init = { key?: string; body?: unknown; rawBody?: string };
const quote3d = (id: string, init: Init = {}) =>
  print(apiRequest(`/api/files/${id}/quote`, { method: "POST", key, ...init }), routeParams({ id }));
const quoteCut = (id: string, init: Init = {}) =>
  laser(apiRequest(`/api/files/${id}/quote/laser`, { method: "POST", key, ...init }), routeParams({ id }));

describe("POST /api/files/{id}/quote (legacy envelope)", () => {
  it("answers {ok, geometry, quotes, …} with the 7 materials", async () => {
    const res = await quote3d(boxId, { body: { infill: 20 } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ ok: true, file_id: boxId, catalog_version: 1, cached: false, warnings: [] });
    expect(body).not.toHaveProperty("data");
    expect(body.geometry).toMatchObject({ volume_cm3: 24, surface_area_cm2: 52, is_manifold: true });
    expect(body.quotes).toHaveLength(7);
    expect(body.quotes[0]).toMatchObject({ material_id: "pla", material_label: "PLA" });
    // PrusaSlicer 2.5.0, same profile: 10.64 g (see app/v1/files/[id]/quote/quote.test.ts).
    expect(Math.abs(body.quotes[0].weight_g / 10.64 - 1)).toBeLessThan(0.03);
    expect(body.estimate.fdm.method).toBe("layers");
    expect(typeof body.quoted_at).toBe("string");
    expect(typeof body.expires_at).toBe("string");
  });

  it("takes no body as 20 % infill, and answers the same request from the cache", async () => {
    const first = await (await quote3d(boxId)).json();
    const second = await (await quote3d(boxId)).json();
    expect(second.cached).toBe(true);
    expect({ ...second, cached: null }).toEqual({ ...first, cached: null });
  });

  it.each([
    ["infill 150", { body: { infill: 150 } }, "invalid_request", "infill"],
    ["infill as a string", { body: { infill: "20" } }, "invalid_request", "infill"],
    ["infill below 0", { body: { infill: -1 } }, "invalid_request", "infill"],
    ["a JSON array", { body: [20] }, "invalid_request", "body"],
    ["a non-JSON body", { rawBody: "{infill: 20" }, "invalid_json", "body"],
  ])("400 for %s", async (_name, init, code, param) => {
    const res = await quote3d(boxId, init);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ ok: false, error: { code, param } });
    expect(body.request_id).toMatch(/^req_/);
  });

  it("401, 403 (free plan, missing scope) and 404 (foreign id)", async () => {
    expect((await quote3d(boxId, { key: "bk_live_nope" })).status).toBe(401);
    const free = await quote3d(boxId, { key: (await seedWorkspace(db, { plan: "free" })).secret });
    expect(free.status).toBe(403);
    expect((await free.json()).error.code).toBe("plan_required");
    const narrow = await quote3d(boxId, {
      key: (await seedWorkspace(db, { plan: "pro", scopes: ["files:read"] })).secret,
    });
    expect(narrow.status).toBe(403);
    expect((await narrow.json()).error.code).toBe("insufficient_scope");
    const foreign = await quote3d(boxId, { key: (await seedWorkspace(db, { plan: "pro" })).secret });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ ok: false, error: { code: "not_found" } });
  });

  it("422 wrong_process for a drawing, pointing at the legacy laser endpoint", async () => {
    const res = await quote3d(plateId);
    expect(res.status).toBe(422);
    const { error } = await res.json();
    expect(error).toMatchObject({
      code: "wrong_process",
      details: { file_kind: "laser", endpoint: `POST /api/files/${plateId}/quote/laser` },
    });
  });
});

describe("POST /api/files/{id}/quote/laser (legacy envelope)", () => {
  it("answers {ok, geometry, quotes[20], …}", async () => {
    const res = await quoteCut(plateId);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      ok: true,
      file_id: plateId,
      geometry: { pierce_count: 3, bbox_mm: { x: 100, y: 50 } },
    });
    expect(body.geometry.area_cm2).toBeCloseTo((5000 - 2 * Math.PI * 25) / 100, 6);
    expect(body.quotes).toHaveLength(20);
    expect(Object.keys(body.quotes[0]).sort()).toEqual([
      "breakdown",
      "cut_rate_idr_per_mm",
      "material_id",
      "material_label",
      "pierce_fee_idr",
      "price_idr",
      "thickness_mm",
    ]);
  });

  it("401, 403, 404 and 422 for a mesh", async () => {
    expect((await quoteCut(plateId, { key: "" })).status).toBe(401);
    expect((await quoteCut(plateId, { key: (await seedWorkspace(db, { plan: "free" })).secret })).status).toBe(403);
    expect(
      (await quoteCut(plateId, { key: (await seedWorkspace(db, { plan: "pro", scopes: ["files:read"] })).secret }))
        .status,
    ).toBe(403);
    expect((await quoteCut("file_unknown")).status).toBe(404);
    const res = await quoteCut(boxId);
    expect(res.status).toBe(422);
    expect((await res.json()).error.message).toContain(`POST /api/files/${boxId}/quote.`);
  });
});
