import { DomainError, isDomainError } from "@/lib/errors";
import type { Db } from "@/lib/db/client";
import type { BlobStore } from "@/lib/files/blob-store";
import { getFileVersion, type FileRow, type FileVersionRow } from "@/lib/files/get-file";
import { getAnalysisPool } from "@/lib/analyze/analysis-pool";
import {
  enrichDescription,
  llmConfigFromEnv,
  openAiCompatibleEnricher,
  type DescriptionEnricher,
} from "@/lib/metadata/enrich-description";
import type { FileMetadata, SourceText } from "@/lib/metadata/types";
import { writeIndexEntry } from "./index-file";

export function defaultEnricher(): DescriptionEnricher | null {
  const config = llmConfigFromEnv();
  return config && openAiCompatibleEnricher(config);
}

const notAnalysable = (file: FileRow, version: FileVersionRow, reason: string) =>
  new DomainError("conflict", `Version ${version.number} of file ${file.id} can't be analysed: ${reason}`, {
    details: { file_id: file.id, version_id: version.id, reason },
  });

/**
 * Full analysis of a file's current version: reads the original bytes for
 * texts (DXF text and layers, 3MF/AMF materials) and, for drawings, the
 * contours (hole diameters, parts), extracts the metadata, optionally lets the
 * LLM enricher rephrase the description, and indexes the file.
 * 404 for an unknown file; 409 when the version cannot be analysed.
 */
export async function analyzeStoredFile(
  db: Db,
  blobs: BlobStore,
  workspaceId: string,
  fileId: string,
  enricher: DescriptionEnricher | null = defaultEnricher(),
): Promise<{ file: FileRow; version: FileVersionRow; metadata: FileMetadata }> {
  const { file, version } = await getFileVersion(db, workspaceId, fileId);
  const bbox = version.analysis?.geometry?.bbox_mm;
  if (!bbox || typeof bbox !== "object") throw notAnalysable(file, version, "it has no measured geometry.");
  // Reading the file again (contours, texts) is untrusted work: it runs in an analysis child.
  const task = {
    name: file.name,
    tags: file.tags,
    fileKind: version.kind,
    format: version.format,
    analysis: version.analysis,
  };
  let extracted: FileMetadata;
  let texts: SourceText[];
  try {
    ({ metadata: extracted, texts } = await blobs.withLocalFile(version.sha256, (path) =>
      getAnalysisPool().run({ kind: "metadata", path, filename: version.originalName, input: task }),
    ));
  } catch (error) {
    if (isDomainError(error) && error.code === "busy") throw error;
    throw notAnalysable(file, version, isDomainError(error) ? error.message : "its stored bytes are missing.");
  }
  const metadata = await enrichDescription(extracted, enricher);
  await writeIndexEntry(db, file, version, metadata, texts, true);
  return { file, version, metadata };
}
