import type { StoredAnalysis } from "@/db/schema";
import type { MeshGeometry } from "@/lib/geometry/types";
import type { LaserGeometry } from "@/lib/laser/types";
import { randomUUID } from "node:crypto";
import { files, fileVersions } from "@/db/schema";
import { inTransaction, openDb, type Db } from "@/lib/db/client";
import { extractMetadata } from "@/lib/metadata/extract-metadata";
import type { SourceText } from "@/lib/metadata/types";
import { writeIndexEntry } from "@/lib/search/index-file";
import { createWorkspace } from "@/lib/workspaces/create-workspace";

export interface CorpusFile {
  id: string;
  name: string;
  tags?: string[];
  laser?: [number, number, number, number, number];
  mesh?: [number, number, number, number, number];
  texts?: string[];
  hole_d?: number[];
}

/** Only the figures search reads: the corpus keeps sizes, not whole analyses. */
function analysisOf(f: CorpusFile): StoredAnalysis {
  const format = f.name.split(".").pop() as "stl";
  if (f.laser) {
    const [x, y, area_cm2, holes, cut_length_mm] = f.laser;
    return {
      kind: "laser" as const,
      format,
      geometry: { bbox_mm: { x, y }, area_cm2, holes, cut_length_mm, parts: 1 } as unknown as LaserGeometry,
    };
  }
  const [x, y, z, volume_cm3, surface_area_cm2] = f.mesh!;
  return {
    kind: "mesh" as const,
    format,
    geometry: { bbox_mm: { x, y, z }, volume_cm3, surface_area_cm2, parts: 1 } as unknown as MeshGeometry,
    components: [],
  };
}

/** A fresh in-memory database with one workspace holding the corpus, each file analysed and indexed as the API would. */
export async function loadCorpus(
  corpus: CorpusFile[],
  db: Db = openDb(":memory:"),
): Promise<{ db: Db; workspaceId: string; byFileId: Map<string, string> }> {
  const workspace = await createWorkspace(db, { name: "eval", plan: "pro" });
  const byFileId = new Map<string, string>();
  const now = new Date();
  await inTransaction(db, async (tx) => {
    for (const f of corpus) {
      const fileId = `file_${randomUUID().replace(/-/g, "")}`;
      const analysis = analysisOf(f);
      const file = {
        id: fileId,
        workspaceId: workspace.id,
        name: f.name,
        format: analysis.format,
        kind: analysis.kind,
        status: "draft" as const,
        tags: f.tags ?? [],
        currentVersionId: `ver_${fileId}`,
        versionCount: 1,
        sizeBytes: 1000,
        createdAt: now,
        updatedAt: now,
      };
      const version = {
        id: file.currentVersionId,
        fileId,
        workspaceId: workspace.id,
        number: 1,
        sha256: "0".repeat(64),
        sizeBytes: 1000,
        originalName: f.name,
        format: analysis.format,
        kind: analysis.kind,
        analysis,
        uploadedBy: "eval",
        createdAt: now,
      };
      await tx.insert(files).values(file);
      await tx.insert(fileVersions).values(version);
      const texts: SourceText[] = (f.texts ?? []).map((t) => ({
        source: t.slice(0, t.indexOf(":")),
        text: t.slice(t.indexOf(":") + 1),
      }));
      const metadata = extractMetadata({
        name: f.name,
        tags: file.tags,
        analysis,
        texts,
        sheetFacts: { diameters_mm: f.hole_d ?? [], components: [] },
      });
      await writeIndexEntry(tx, file, version, metadata, texts, true);
      byFileId.set(fileId, f.id);
    }
  });
  return { db, workspaceId: workspace.id, byFileId };
}
