import type { FileRow, FileVersionRow } from "./get-file";

export function serializeFile(file: FileRow) {
  return {
    id: file.id,
    name: file.name,
    format: file.format,
    kind: file.kind,
    status: file.status,
    tags: file.tags,
    current_version_id: file.currentVersionId,
    version_count: file.versionCount,
    size_bytes: file.sizeBytes,
    created_at: file.createdAt.toISOString(),
    updated_at: file.updatedAt.toISOString(),
  };
}

export function serializeVersion(version: FileVersionRow) {
  return {
    id: version.id,
    number: version.number,
    original_name: version.originalName,
    format: version.format,
    kind: version.kind,
    sha256: version.sha256,
    size_bytes: version.sizeBytes,
    uploaded_by: version.uploadedBy,
    created_at: version.createdAt.toISOString(),
    // The API serves the measured figures as they were stored (an open object: older versions have fewer).
    geometry: { ...version.analysis.geometry },
  };
}

export type SerializedFile = ReturnType<typeof serializeFile>;
export type SerializedVersion = ReturnType<typeof serializeVersion>;
