import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { fileVersions, printEstimates } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import type { BlobStore } from "@/lib/files/blob-store";
import { parseMesh } from "@/lib/geometry";
import { createTorus } from "@/lib/geometry/testing/shapes";
import { writeBinaryStl } from "@/lib/geometry/testing/writers";
import { measurePrint } from "@/lib/print-estimate/measure-print";
import { boxStl, createTestFile, tableStl, useTestBlobs } from "@/test/helpers/files";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { getActiveCatalog } from "./catalog-store";
import { familyProfiles } from "./choose-print-figures";
import { schedulePrintEstimates, settlePrintEstimates } from "./prepare-print-estimates";
import { storedEstimates } from "./print-estimates";
import { quoteFile, type PrintQuoteRequest } from "./quote-file";

const SLICER = "/usr/bin/prusa-slicer";
let db: Db;
let dir: string;
let blobs: BlobStore;
beforeAll(async () => {
  ({ db, dir } = await useTestDb());
  blobs = useTestBlobs(dir);
  vi.stubEnv("DATA_DIR", dir);
});
afterEach(() => vi.unstubAllEnvs());

async function uploadBox() {
  const { workspace } = await seedWorkspace(db, { plan: "pro" });
  const { file } = await createTestFile(db, blobs, workspace.id, boxStl(40, 30, 20), "box.stl");
  const request = (infill: number): PrintQuoteRequest => ({
    workspaceId: workspace.id,
    fileId: file.id,

    process: "print_3d",
    print: { infill_percent: infill, quantity: 1, materials: ["pla"] },
  });
  return { workspace, file, request };
}

describe("the estimate on upload of a large binary STL", () => {
  it("slices the mesh the upload's analysis welded, without reading the file again", async () => {
    vi.stubEnv("PRINT_ESTIMATE_ON_UPLOAD", "on");
    vi.stubEnv("SLICER_ENABLED", "off");
    // 160,000 triangles: analysed on two threads, the analysis child keeps the mesh.
    const torus = writeBinaryStl(createTorus(40, 10, 400, 200));
    const { workspace } = await seedWorkspace(db, { plan: "pro" });
    const { file, version } = await createTestFile(db, blobs, workspace.id, torus, "torus.stl");
    // The stored blob goes: only the kept mesh gives the figures, and no copy of the blob is asked for.
    await blobs.withLocalFile(version.sha256, async (stored) => fs.rmSync(stored));
    const fetch = vi.spyOn(blobs, "withLocalFile");
    schedulePrintEstimates(db, workspace.id, file.id);
    await settlePrintEstimates();
    const catalog = (await getActiveCatalog(db, workspace.id)).catalog;
    const fdm = familyProfiles(catalog, Object.keys(catalog.print_3d.families)).find((p) => p.family === "fdm")!;
    const stored = await storedEstimates(db, version).basis(fdm.key);
    const expected = measurePrint(await parseMesh(torus, "torus.stl"), fdm.process, fdm.settings);
    expect(stored).toEqual(expected);
    expect(fetch).not.toHaveBeenCalled();
    fetch.mockRestore();
  });
});

describe.skipIf(!fs.existsSync(SLICER))("background slicing with PrusaSlicer (precise mode)", () => {
  it("slices a new version at the configured infill levels; quotes then use the slicer's figures", async () => {
    vi.stubEnv("DATA_DIR", dir);
    vi.stubEnv("PRINT_ESTIMATE_ON_UPLOAD", "on");
    vi.stubEnv("SLICER_ENABLED", "on");
    vi.stubEnv("SLICER_INFILL_LEVELS", "10,20");
    const { workspace, file, request } = await uploadBox();
    const before = await quoteFile(db, request(20));
    expect(before.estimate.fdm.method).toBe("layers");

    schedulePrintEstimates(db, workspace.id, file.id);
    await settlePrintEstimates();
    const runs = (await db.select().from(printEstimates)).filter(
      (r) => r.method === "slicer" && r.versionId === before.version_id,
    );
    expect(runs.map((r) => `${r.variant}:${r.status}`).sort()).toContain("none:20:done");

    // PrusaSlicer 2.5.0 slices this box (eval/quotes/profile.ini, 20 % gyroid) to 8.58 cm³ = 10.64 g of PLA in 55 min 1 s.
    const after = await quoteFile(db, request(20));
    expect(after.cached).toBe(false); // a refined answer replaces the instant one
    expect(after.estimate.fdm).toMatchObject({ method: "slicer", slicer_infill_percent: [20] });
    expect(after.quotes[0].weight_g).toBeCloseTo(10.64, 1);
    expect(Math.abs(after.quotes[0].print_time_min - 5 - 55.02)).toBeLessThan(0.6);
    // Between two sliced levels the figures are interpolated, and say so.
    const between = await quoteFile(db, request(15));
    expect(between.estimate.fdm).toMatchObject({ method: "slicer", slicer_infill_percent: [10, 20] });
    const [low, high] = [await quoteFile(db, request(10)), after].map((q) => q.quotes[0].weight_g);
    expect(between.quotes[0].weight_g).toBeCloseTo((low + high) / 2, 1);
    // Outside them the layer estimate answers.
    expect((await quoteFile(db, request(60))).estimate.fdm.method).toBe("layers");
    // A box needs no supports, so it is not sliced with them.
    expect(runs.some((r) => r.variant.startsWith("auto:"))).toBe(false);
    expect(fs.readdirSync(path.join(dir, "tmp", "slicer"))).toEqual([]);
  });
});

describe.skipIf(!fs.existsSync(SLICER))("background slicing of a part that needs supports", () => {
  it("is also sliced with PrusaSlicer's automatic supports, which a supports: auto quote then uses", async () => {
    vi.stubEnv("PRINT_ESTIMATE_ON_UPLOAD", "on");
    vi.stubEnv("SLICER_ENABLED", "on");
    vi.stubEnv("SLICER_INFILL_LEVELS", "20");
    const { workspace } = await seedWorkspace(db, { plan: "pro" });
    const { file } = await createTestFile(db, blobs, workspace.id, tableStl(), "table.stl");
    schedulePrintEstimates(db, workspace.id, file.id);
    await settlePrintEstimates();
    const quote = await quoteFile(db, {
      workspaceId: workspace.id,
      fileId: file.id,

      process: "print_3d",
      print: { infill_percent: 20, quantity: 1, materials: ["pla"], supports: "auto" },
    });
    // PrusaSlicer 2.5.0 with --support-material --support-material-auto: 13.76 g (see the route test).
    expect(quote.estimate.fdm.method).toBe("slicer");
    expect(quote.quotes[0].weight_g).toBeCloseTo(13.76, 1);
  });
});

/** A "slicer" that never answers, run at 20 % infill and killed at `timeoutS`; the log lines are caught and returned. */
function useHangingSlicer(options: { layersOnUpload: "on" | "off"; timeoutS: string }) {
  const fake = path.join(dir, "hanging-slicer.sh");
  fs.writeFileSync(fake, "#!/bin/sh\nsleep 30\n", { mode: 0o755 });
  vi.stubEnv("PRINT_ESTIMATE_ON_UPLOAD", options.layersOnUpload);
  vi.stubEnv("SLICER_ENABLED", "on");
  vi.stubEnv("SLICER_PATH", fake);
  vi.stubEnv("SLICER_TIMEOUT_S", options.timeoutS);
  vi.stubEnv("SLICER_INFILL_LEVELS", "20");
  return vi.spyOn(console, "error").mockImplementation(() => {});
}

describe("a slicer that hangs or crashes", () => {
  it("is killed at its limit, recorded as failed with a log line, and the layer estimate stands", async () => {
    const logged = useHangingSlicer({ layersOnUpload: "on", timeoutS: "0.5" });
    const { workspace, file, request } = await uploadBox();
    schedulePrintEstimates(db, workspace.id, file.id);
    await settlePrintEstimates();
    const quote = await quoteFile(db, request(20));
    const runs = (await db.select().from(printEstimates)).filter((r) => r.versionId === quote.version_id);
    // One layer basis per family profile (PLA, TPU, nylon, resin); one slicer run per FDM family, each killed.
    expect(runs.map((r) => `${r.method}:${r.variant}:${r.status}`).sort()).toEqual([
      ...Array(4).fill("layers::done"),
      ...Array(3).fill("slicer:none:20:failed"),
    ]);
    expect(
      runs
        .filter((r) => r.method === "slicer")
        .every((r) => r.status === "failed" && JSON.parse(r.data).code === "slicer_timeout"),
    ).toBe(true);
    expect(quote.estimate.fdm.method).toBe("layers");
    expect(logged.mock.calls.some(([line]) => String(line).includes("slicer_timeout"))).toBe(true);
  });
});

describe("a slicer run that fails outside the slicer", () => {
  it("is logged and the queue goes on with the next version's runs", async () => {
    const logged = useHangingSlicer({ layersOnUpload: "off", timeoutS: "0.3" });
    const first = await uploadBox();
    const { workspace } = await seedWorkspace(db, { plan: "pro" });
    const second = (await createTestFile(db, blobs, workspace.id, tableStl(), "table.stl")).file;
    const [firstVersion] = await db.select().from(fileVersions).where(eq(fileVersions.id, first.file.currentVersionId));
    // The first version's blob cannot be read when its runs come (a failing disk).
    const withLocalFile = blobs.withLocalFile.bind(blobs);
    const broken = vi.spyOn(blobs, "withLocalFile").mockImplementation(async (sha, use) => {
      if (sha === firstVersion.sha256) throw new Error("EIO: the disk failed");
      return await withLocalFile(sha, use);
    });
    schedulePrintEstimates(db, first.workspace.id, first.file.id);
    schedulePrintEstimates(db, workspace.id, second.id);
    await settlePrintEstimates();
    broken.mockRestore();
    const runs = (await db.select().from(printEstimates)).filter((r) => r.method === "slicer");
    expect(runs.filter((r) => r.versionId === firstVersion.id)).toEqual([]);
    // The second version's runs still came: one per FDM family, each killed at the limit.
    expect(runs.filter((r) => r.versionId === second.currentVersionId).map((r) => `${r.variant}:${r.status}`)).toEqual(
      Array(3).fill("none:20:failed"),
    );
    expect(logged.mock.calls.some(([line]) => String(line).includes(`slicer run for ${firstVersion.id} failed`))).toBe(
      true,
    );
  });
});
