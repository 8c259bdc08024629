import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { fileMetadata } from "@/db/schema";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { createTestFile, plateDxf, useTestBlobs } from "@/test/helpers/files";
import { updateFile } from "@/lib/files/update-file";
import { getBlobStore } from "@/lib/files/blob-store";
import type { Db } from "@/lib/db/client";
import { analyzeStoredFile } from "./analyze-stored-file";
import { indexFile } from "./index-file";
import { searchFiles } from "./search-files";

let db: Db;
let workspaceId: string;
beforeAll(async () => {
  const { dir } = ({ db } = await useTestDb());
  useTestBlobs(dir);
  workspaceId = (await seedWorkspace(db, { plan: "pro" })).workspace.id;
});

const top = async (query: string) =>
  (await searchFiles(db, workspaceId, { query, limit: 5 })).hits.map((h) => h.file.name);

describe("indexFile", () => {
  it("makes a rename searchable at once and keeps what the analysis read from the bytes", async () => {
    const { file } = await createTestFile(
      db,
      getBlobStore(),
      workspaceId,
      plateDxf(100, 50, [[25, 25]], 8),
      "part-1.dxf",
    );
    const analysed = await analyzeStoredFile(db, getBlobStore(), workspaceId, file.id, null);
    expect(analysed.metadata.dimensions.holes.diameters_mm).toEqual([8]);
    expect(await top("engsel")).toEqual([]);

    await updateFile(db, workspaceId, file.id, { name: "engsel pintu.dxf", tags: ["ss304"] });
    const metadata = await indexFile(db, workspaceId, file.id);
    expect(await top("hinge")).toEqual(["engsel pintu.dxf"]);
    expect(metadata.dimensions.holes.diameters_mm).toEqual([8]);
    expect(metadata.material?.id).toBe("ss304");
    expect(
      (await db.select().from(fileMetadata).where(eq(fileMetadata.fileId, file.id)).limit(1))[0]?.analyzedAt,
    ).not.toBeNull();
  });

  it("indexes files that were never indexed when searching", async () => {
    await createTestFile(db, getBlobStore(), workspaceId, plateDxf(60, 60), "flens dn25.dxf");
    expect(await top("flange")).toEqual(["flens dn25.dxf"]);
  });
});
