import { and, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import { fileMetadata, files } from "@/db/schema";
import { inTransaction, type Db } from "@/lib/db/client";
import { getFileVersion, type FileRow, type FileVersionRow } from "@/lib/files/get-file";
import { densityOf, extractMetadata, massVolumeCm3 } from "@/lib/metadata/extract-metadata";
import type { FileMetadata, SourceText } from "@/lib/metadata/types";
import { lexicalEmbedder } from "./embedder";
import { writeSearchDocument } from "./search-dialect";

function documentFields(file: FileRow, m: FileMetadata, texts: SourceText[]) {
  const assembly = m.structure?.type === "assembly" ? "assembly rakitan" : "";
  const words = [
    m.part_type ?? "",
    assembly,
    m.shape_class.replace(/_/g, " "),
    m.material?.label ?? "",
    m.format,
    ...m.components.map((c) => c.name),
    ...texts.map((t) => t.text),
  ];
  return lexicalEmbedder.embedDocument({
    name: file.name.replace(/\.[a-z0-9]+$/i, ""),
    tags: file.tags.join(" "),
    description: `${m.description.id} ${m.description.en}`,
    metadata: words.join(" "),
  });
}

/** Stores a file's metadata and (re)writes its search row, in one transaction. */
export async function writeIndexEntry(
  db: Db,
  file: FileRow,
  version: FileVersionRow,
  metadata: FileMetadata,
  texts: SourceText[],
  analyzed: boolean,
): Promise<void> {
  const d = metadata.dimensions;
  const extents = [d.bbox_mm.x, d.bbox_mm.y, d.bbox_mm.z ?? d.thickness_mm]
    .filter((v): v is number => v != null)
    .sort((a, b) => b - a);
  const values = {
    fileId: file.id,
    workspaceId: file.workspaceId,
    versionId: version.id,
    metadata: metadata as unknown as Record<string, unknown>,
    sourceTexts: texts,
    material: metadata.material?.id ?? null,
    shapeClass: metadata.shape_class,
    dimMax: extents[0] ?? null,
    dimMid: extents[1] ?? null,
    dimMin: extents[2] ?? null,
    thicknessMm: d.thickness_mm,
    holeCount: d.holes.count,
    holeDiameters: d.holes.diameters_mm,
    volumeCm3: d.volume_cm3,
    massVolumeCm3: massVolumeCm3(metadata),
    densityGCm3: densityOf(metadata),
    cutLengthMm: d.cut_length_mm,
    analyzedAt: analyzed ? new Date(metadata.analyzed_at) : null,
    indexedAt: new Date(),
  };
  const fields = documentFields(file, metadata, texts);
  await inTransaction(db, async (tx) => {
    const row = (
      await tx
        .insert(fileMetadata)
        .values(values)
        .onConflictDoUpdate({ target: fileMetadata.fileId, set: values })
        .returning({ docId: fileMetadata.docId })
    )[0];
    await writeSearchDocument(tx, { docId: row.docId, workspaceId: file.workspaceId, ...fields });
  });
}

/**
 * Indexes a file from what is already stored: its name, tags and measured
 * geometry, plus texts and contour facts kept from an earlier analysis of the
 * same version. Cheap and synchronous (no blob read), so upload code can call
 * it right after a file or version is created; `POST /v1/files/{id}/analyze`
 * does the full reading.
 */
export async function indexFile(db: Db, workspaceId: string, fileId: string): Promise<FileMetadata> {
  const { file, version } = await getFileVersion(db, workspaceId, fileId);
  const stored = (await db.select().from(fileMetadata).where(eq(fileMetadata.fileId, file.id)).limit(1))[0];
  const same = stored?.versionId === version.id ? stored : undefined;
  const previous = same?.metadata as FileMetadata | undefined;
  const metadata = extractMetadata({
    name: file.name,
    tags: file.tags,
    analysis: version.analysis,
    texts: same?.sourceTexts ?? [],
    sheetFacts: previous && { diameters_mm: previous.dimensions.holes.diameters_mm, components: previous.components },
  });
  await writeIndexEntry(db, file, version, metadata, same?.sourceTexts ?? [], Boolean(same?.analyzedAt));
  return metadata;
}

/**
 * When each workspace was last checked (per process). A new file shows up in
 * the cheap count (index only) and is indexed at once; a rename, new tags or a
 * new version are caught by the full comparison, run at most every
 * FULL_CHECK_MS per workspace because it reads every file row — upload and
 * edit code should call `indexFile` so that search never waits for it.
 */
const checked = new Map<string, { at: number; files: number }>();
const FULL_CHECK_MS = 5_000;

/** Indexes the workspace's files that have no entry yet or changed since (new version, rename, new tags, status). */
export async function indexStaleFiles(db: Db, workspaceId: string): Promise<number> {
  const count = async (table: typeof files | typeof fileMetadata) =>
    (
      await db
        .select({ n: sql<number>`count(*)` })
        .from(table)
        .where(eq(table.workspaceId, workspaceId))
        .limit(1)
    )[0]!.n;
  const fileCount = await count(files);
  const last = checked.get(workspaceId);
  if (
    last &&
    last.files === fileCount &&
    Date.now() - last.at < FULL_CHECK_MS &&
    (await count(fileMetadata)) === fileCount
  )
    return 0;
  const at = Date.now();
  const stale = await db
    .select({ id: files.id })
    .from(files)
    .leftJoin(fileMetadata, eq(fileMetadata.fileId, files.id))
    .where(
      and(
        eq(files.workspaceId, workspaceId),
        or(
          isNull(fileMetadata.fileId),
          ne(fileMetadata.versionId, files.currentVersionId),
          lt(fileMetadata.indexedAt, files.updatedAt),
        ),
      ),
    );
  for (const { id } of stale) await indexFile(db, workspaceId, id);
  checked.set(workspaceId, { at, files: fileCount });
  return stale.length;
}
