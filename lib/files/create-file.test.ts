import fs from "node:fs";
import type { MeshGeometry } from "@/lib/geometry/types";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { files, fileVersions } from "@/db/schema";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { addTestVersion, boxStl, createTestFile, plateDxf, uploadFromBytes, useTestBlobs } from "@/test/helpers/files";
import { createFile } from "./create-file";
import type { Db } from "@/lib/db/client";
import type { BlobStore } from "./blob-store";

let db: Db;
let blobs: BlobStore;
let dir: string;
beforeAll(async () => {
  ({ db, dir } = await useTestDb());
  blobs = useTestBlobs(dir);
});

const blobFiles = () =>
  fs.readdirSync(path.join(dir, "blobs"), { recursive: true }).filter((f) => /[0-9a-f]{64}$/.test(String(f)));

describe("createFile / addFileVersion", () => {
  it("analyses a 40×30×20 mm box: 24 cm³, stored once by content", async () => {
    const { workspace } = await seedWorkspace(db);
    const { file, version } = await createTestFile(db, blobs, workspace.id, boxStl(40, 30, 20), "box.stl", ["bracket"]);
    expect(file).toMatchObject({ kind: "mesh", format: "stl", status: "draft", versionCount: 1, name: "box.stl" });
    expect((version.analysis.geometry as MeshGeometry).volume_cm3).toBeCloseTo(24, 9);
    expect((version.analysis.geometry as MeshGeometry).surface_area_cm2).toBeCloseTo(52, 9);
    const before = blobFiles().length;
    await createTestFile(db, blobs, workspace.id, boxStl(40, 30, 20), "same.stl");
    expect(blobFiles().length).toBe(before);
  });

  it("measures a laser plate: 100×50 mm with two Ø10 holes", async () => {
    const { workspace } = await seedWorkspace(db);
    const { version } = await createTestFile(
      db,
      blobs,
      workspace.id,
      plateDxf(100, 50, [
        [25, 25],
        [75, 25],
      ]),
      "plate.dxf",
    );
    const g: Record<string, unknown> = { ...version.analysis.geometry };
    expect(g.cut_length_mm).toBeCloseTo(300 + 2 * Math.PI * 10, 6);
    expect(g.pierce_count).toBe(3);
    expect(g.area_cm2).toBeCloseTo((5000 - 2 * Math.PI * 25) / 100, 6);
  });

  it("a new version bumps the number, returns the file to draft and keeps the old version", async () => {
    const { workspace } = await seedWorkspace(db);
    const { file } = await createTestFile(db, blobs, workspace.id, boxStl(40, 30, 20), "box.stl");
    const next = await addTestVersion(db, blobs, workspace.id, file.id, boxStl(40, 30, 25), "box-v2.stl");
    expect(next.version.number).toBe(2);
    expect(next.file).toMatchObject({ versionCount: 2, currentVersionId: next.version.id, status: "draft" });
    expect((next.version.analysis.geometry as MeshGeometry).volume_cm3).toBeCloseTo(30, 9);
  });

  it("an unreadable or unsupported file leaves no row and no blob", async () => {
    const { workspace } = await seedWorkspace(db);
    const rows = async () => (await db.select().from(files)).length + (await db.select().from(fileVersions)).length;
    const [beforeRows, beforeBlobs] = [await rows(), blobFiles().length];
    const bad = uploadFromBytes(blobs, "solid x\nfacet normal 0 0 0\nouter loop\nvertex 0 0\n", "broken.stl");
    await expect(
      createFile(db, blobs, { workspaceId: workspace.id, upload: bad, actor: "t", tags: [] }),
    ).rejects.toMatchObject({ code: "unreadable_file" });
    const odd = uploadFromBytes(blobs, "hello world", "notes.txt");
    await expect(
      createFile(db, blobs, { workspaceId: workspace.id, upload: odd, actor: "t", tags: [] }),
    ).rejects.toMatchObject({ code: "unsupported_format" });
    expect([await rows(), blobFiles().length]).toEqual([beforeRows, beforeBlobs]);
    // The temp files are the upload's caller's to remove (uploadNewFile; tested in app/v1/files/hostile-uploads.test.ts).
  });

  it("another workspace cannot add a version (404)", async () => {
    const a = await seedWorkspace(db);
    const b = await seedWorkspace(db);
    const { file } = await createTestFile(db, blobs, a.workspace.id, boxStl(10, 10, 10), "a.stl");
    await expect(addTestVersion(db, blobs, b.workspace.id, file.id, boxStl(10, 10, 10), "b.stl")).rejects.toMatchObject(
      { code: "not_found" },
    );
  });
});
