import { beforeAll, describe, expect, it } from "vitest";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { addTestVersion, boxStl, createTestFile, plateDxf, useTestBlobs } from "@/test/helpers/files";
import { DEFAULT_CATALOG } from "@/lib/pricing";
import { publishCatalog } from "@/lib/quotes/catalog-store";
import { printEstimates, quoteCache } from "@/db/schema";
import { and, eq } from "drizzle-orm";
import { familiesFor, familyProfiles } from "./choose-print-figures";
import { storeEstimate } from "./print-estimates";
import type { BlobStore } from "@/lib/files/blob-store";
import { closeDb, openDb, type Db } from "@/lib/db/client";
import { QUOTE_TTL_MS, quoteFile, type PrintQuoteRequest } from "./quote-file";

let db: Db;
let dbUrl: string;
let blobs: BlobStore;
beforeAll(async () => {
  const { dir, url } = ({ db } = await useTestDb());
  dbUrl = url;
  blobs = useTestBlobs(dir);
});

const T0 = new Date("2026-11-22T00:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

async function boxFile() {
  const { workspace } = await seedWorkspace(db, { plan: "pro" });
  const { file } = await createTestFile(db, blobs, workspace.id, boxStl(40, 30, 20), "box.stl");
  const request = (
    now: Date,
    print = { infill_percent: 20, quantity: 1 } as PrintQuoteRequest["print"],
  ): PrintQuoteRequest => ({
    workspaceId: workspace.id,
    fileId: file.id,

    process: "print_3d",
    print,
    now,
  });
  return { workspace, file, request };
}

describe("quote cache", () => {
  it("answers a repeat from the cache, identical but for cached: true, until 24 h have passed", async () => {
    const { request } = await boxFile();
    const fresh = await quoteFile(db, request(T0));
    expect(fresh.cached).toBe(false);
    const hit = await quoteFile(db, request(at(QUOTE_TTL_MS - 1)));
    expect(hit).toEqual({ ...fresh, cached: true });
    expect(hit.quoted_at).toBe(T0.toISOString());
    expect(hit.expires_at).toBe(at(QUOTE_TTL_MS).toISOString());

    const expired = await quoteFile(db, request(at(QUOTE_TTL_MS)));
    expect(expired.cached).toBe(false);
    expect(expired.id).not.toBe(fresh.id);
    expect(expired.quoted_at).toBe(at(QUOTE_TTL_MS).toISOString());
    expect(expired.quotes).toEqual(fresh.quotes);
  });

  it("keys on parameters: other infill or quantity misses; material order and repeats do not", async () => {
    const { request } = await boxFile();
    await quoteFile(db, request(T0, { infill_percent: 20, quantity: 1, materials: ["pla", "abs"] }));
    expect(
      (await quoteFile(db, request(T0, { infill_percent: 20, quantity: 1, materials: ["abs", "pla", "abs"] }))).cached,
    ).toBe(true);
    expect((await quoteFile(db, request(T0, { infill_percent: 20, quantity: 1 }))).cached).toBe(false);
    expect(
      (await quoteFile(db, request(T0, { infill_percent: 30, quantity: 1, materials: ["pla", "abs"] }))).cached,
    ).toBe(false);
    expect(
      (await quoteFile(db, request(T0, { infill_percent: 20, quantity: 2, materials: ["pla", "abs"] }))).cached,
    ).toBe(false);
  });

  it("misses after a new file version", async () => {
    const { workspace, file, request } = await boxFile();
    const before = await quoteFile(db, request(T0));
    const { version } = await addTestVersion(db, blobs, workspace.id, file.id, boxStl(80, 30, 20), "box-v2.stl");
    const after = await quoteFile(db, request(at(1000)));
    expect(after.cached).toBe(false);
    expect(after.version_id).toBe(version.id);
    expect(after.geometry.volume_cm3).toBeCloseTo(48, 9);
    expect(after.quotes[0].price_idr).toBeGreaterThan(before.quotes[0].price_idr);
  });

  it("misses after a new catalogue version and prices with it", async () => {
    const { workspace, request } = await boxFile();
    const before = await quoteFile(db, request(T0));
    expect(before.catalog_version).toBe(1);
    const dearer = structuredClone(DEFAULT_CATALOG);
    dearer.print_3d.setup_idr = 30_000;
    await publishCatalog(db, workspace.id, dearer, "test");
    const after = await quoteFile(db, request(at(1000)));
    expect(after).toMatchObject({ cached: false, catalog_version: 2 });
    expect(after.quotes[0].price_idr).toBe(before.quotes[0].price_idr + 5_000);
    expect((await quoteFile(db, request(at(2000)))).cached).toBe(true);
  });

  it("keys on the machine limits too, so a changed printer volume re-checks the fit", async () => {
    const { request } = await boxFile();
    const roomy = {
      printerVolumeMm: [256, 256, 256] as [number, number, number],
      laserBedMm: [3000, 1500] as [number, number],
    };
    expect((await quoteFile(db, { ...request(T0), limits: roomy })).warnings).toEqual([]);
    const tiny = { ...roomy, printerVolumeMm: [30, 30, 30] as [number, number, number] };
    const cramped = await quoteFile(db, { ...request(T0), limits: tiny });
    expect(cramped.cached).toBe(false);
    expect(cramped.warnings.map((w) => w.code)).toEqual(["EXCEEDS_BUILD_VOLUME"]);
  });

  it("survives a restart (a new connection to the same database)", async () => {
    const { request } = await boxFile();
    const fresh = await quoteFile(db, request(T0));
    const reopened = openDb(dbUrl);
    expect(await quoteFile(reopened, request(at(60_000)))).toEqual({ ...fresh, cached: true });
    await closeDb(reopened);
  });

  it("drops expired entries when writing new ones", async () => {
    const { request } = await boxFile();
    await quoteFile(db, request(T0));
    const { workspace } = await seedWorkspace(db, { plan: "pro" });
    const plate = await createTestFile(db, blobs, workspace.id, plateDxf(100, 50), "plate.dxf");
    const later = at(2 * QUOTE_TTL_MS);
    await quoteFile(db, { workspaceId: workspace.id, fileId: plate.file.id, process: "laser", now: later });
    const rows = await db.select().from(quoteCache);
    expect(rows.every((row) => row.expiresAt.getTime() > later.getTime())).toBe(true);
    expect(rows).toHaveLength(1);
  });

  it("keys on the estimate methods: a slicer result gets its own answer, and the layer one stays reachable", async () => {
    const { file, request } = await boxFile();
    const layers = await quoteFile(db, request(T0, { infill_percent: 20, quantity: 1, materials: ["pla"] }));
    expect(layers.estimate.fdm.method).toBe("layers");
    const [pla] = familyProfiles(DEFAULT_CATALOG, familiesFor(DEFAULT_CATALOG, ["pla"]));
    const versionId = file.currentVersionId;
    // What a finished PrusaSlicer run at 20 % stores (figures chosen, not computed: only the method matters here).
    await storeEstimate(db, {
      versionId,
      profileKey: pla.key,
      method: "slicer",
      variant: "none:20",
      status: "done",
      data: { material_mm3: 30_000, time_s: 5_400 },
    });
    const sliced = await quoteFile(db, request(at(1_000), { infill_percent: 20, quantity: 1, materials: ["pla"] }));
    expect(sliced).toMatchObject({ cached: false, estimate: { fdm: { method: "slicer" } } });
    // The slicer's rows gone (a re-run pending), the plan is the layer estimate again: its answer, from the cache,
    // though the newest entry with these parameters is the slicer's.
    await db
      .delete(printEstimates)
      .where(and(eq(printEstimates.versionId, versionId), eq(printEstimates.method, "slicer")));
    const again = await quoteFile(db, request(at(2_000), { infill_percent: 20, quantity: 1, materials: ["pla"] }));
    expect(again).toEqual({ ...layers, cached: true });
  });
});

describe("meshes the layer estimator cannot trust", () => {
  async function quotePla(stl: string, name: string) {
    const { workspace } = await seedWorkspace(db, { plan: "pro" });
    const { file } = await createTestFile(db, blobs, workspace.id, stl, name);
    return quoteFile(db, {
      workspaceId: workspace.id,
      fileId: file.id,
      process: "print_3d",
      print: { infill_percent: 20, quantity: 1, materials: ["pla"] },
      now: T0,
    });
  }
  const facets = (stl: string) => stl.split("\n").slice(1, -2);
  const shiftedX = (lines: string[], dx: number) =>
    lines.map((line) =>
      line.startsWith("vertex ") ? line.replace(/^vertex (\S+)/, (_m, x: string) => `vertex ${Number(x) + dx}`) : line,
    );

  it("an open mesh gets the volume-rate fallback with ESTIMATE_FALLBACK, not a crash", async () => {
    // The 40×30×20 box with its last triangle missing: three open edges.
    const lines = facets(boxStl(40, 30, 20));
    const open = ["solid open", ...lines.slice(0, -7), "endsolid open", ""].join("\n");
    const quote = await quotePla(open, "open.stl");
    expect(quote.estimate.fdm.method).toBe("volume");
    expect(quote.warnings.map((w) => w.code)).toContain("ESTIMATE_FALLBACK");
    expect(quote.quotes[0].weight_g).toBeGreaterThan(0);
  });

  it("a self-intersecting mesh is sliced as the solid it encloses: two overlapping cubes print as their union", async () => {
    // Two closed 20 mm cubes, the second 10 mm along x: together the 30×20×20 box, each edge shared by two triangles.
    const cube = facets(boxStl(20, 20, 20));
    const overlapping = ["solid two", ...cube, ...shiftedX(cube, 10), "endsolid two", ""].join("\n");
    const union = await quotePla(boxStl(30, 20, 20), "union.stl");
    const quote = await quotePla(overlapping, "overlapping.stl");
    expect(quote.estimate.fdm.method).toBe("layers");
    expect(quote.quotes[0].weight_g).toBe(union.quotes[0].weight_g);
    expect(quote.quotes[0].print_time_min).toBe(union.quotes[0].print_time_min);
  });
});
