import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { boxStl, createTestFile, plateDxf, useTestBlobs } from "@/test/helpers/files";
import type { Db } from "@/lib/db/client";
import type { BlobStore } from "@/lib/files/blob-store";
import { buildDisplayDrawing, type DisplayDrawing } from "./build-display-drawing";
import { getDisplayAsset } from "./get-display-asset";

let db: Db;
let blobs: BlobStore;
let displayDir: string;
const dataDir = process.env.DATA_DIR;
afterAll(() => {
  if (dataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = dataDir;
});
beforeAll(async () => {
  const test = await useTestDb();
  db = test.db;
  blobs = useTestBlobs(test.dir);
  process.env.DATA_DIR = test.dir;
  displayDir = path.join(test.dir, "display");
});

describe("buildDisplayDrawing", () => {
  it("keeps contours with their role, and flags layers quoting ignores", async () => {
    const dxf = plateDxf(100, 50, [[25, 25]]).replace(
      "0\nENDSEC\n0\nEOF",
      "0\nLINE\n8\nDIMENSIONS\n10\n0\n20\n-5\n11\n100\n21\n-5\n0\nENDSEC\n0\nEOF",
    );
    const drawing = await buildDisplayDrawing(new TextEncoder().encode(dxf), "plate.dxf");
    expect(drawing.contours.map((c) => [c.role, c.ignored]).sort()).toEqual([
      ["hole", false],
      ["open", true],
      ["outer", false],
    ]);
    expect(drawing.layers).toEqual(["0", "DIMENSIONS"]);
    expect(drawing.bbox).toEqual({ min: [0, -5], max: [100, 50] });
  });
});

describe("getDisplayAsset", () => {
  it("converts a version once and serves it from DATA_DIR/display afterwards", async () => {
    const { workspace } = await seedWorkspace(db);
    const { version } = await createTestFile(db, blobs, workspace.id, boxStl(10, 20, 30), "box.stl");
    const [a, b] = await Promise.all([getDisplayAsset(blobs, version), getDisplayAsset(blobs, version)]);
    const cached = path.join(displayDir, `${version.id}.glb`);
    expect(fs.readdirSync(displayDir)).toEqual([`${version.id}.glb`]);
    expect([a.sizeBytes, b.sizeBytes]).toEqual([fs.statSync(cached).size, fs.statSync(cached).size]);
    expect(a.contentType).toBe("model/gltf-binary");
    const written = fs.statSync(cached).mtimeMs;
    const again = await getDisplayAsset(blobs, version);
    expect(Buffer.from(await new Response(again.stream()).arrayBuffer())).toEqual(fs.readFileSync(cached));
    expect(fs.statSync(cached).mtimeMs).toBe(written);
    expect(fs.readdirSync(blobs.tempDir())).toEqual([]);
  });

  it("stores drawings as contour JSON", async () => {
    const { workspace } = await seedWorkspace(db);
    const { version } = await createTestFile(db, blobs, workspace.id, plateDxf(40, 20), "plate.dxf");
    const asset = await getDisplayAsset(blobs, version);
    const drawing = JSON.parse(await new Response(asset.stream()).text()) as DisplayDrawing;
    expect(drawing.kind).toBe("drawing");
    expect(drawing.contours).toHaveLength(1);
  });
});
